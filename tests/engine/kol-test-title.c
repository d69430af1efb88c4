/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <string.h>

/* Upgrade references are resolved once every tile is known. */
typedef struct
{
  int   tile;
  char *ids;
} PendingList;

typedef struct
{
  KolTitle  *title;
  GPtrArray *upgrades;     /* PendingList* */
  GPtrArray *locks;        /* PendingList* */
} Builder;

static void
pending_free (gpointer data)
{
  PendingList *p = data;

  g_free (p->ids);
  g_free (p);
}

static KolColor
parse_color (const char *name)
{
  KolColor color = KOL_COLOR_WHITE;

  if (name != NULL && !kol_color_from_string (name, &color))
    g_error ("unknown colour %s", name);
  return color;
}

/* "key:value,key:value" → value of @key or NULL (points into a copy). */
static const char *
param (GHashTable *params,
       const char *key)
{
  return g_hash_table_lookup (params, key);
}

static GHashTable *
parse_params (const char *text)
{
  GHashTable *params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) pairs = g_strsplit (text ? text : "", ",", -1);

  for (int i = 0; pairs[i]; i++)
    {
      char *colon = strchr (pairs[i], ':');

      if (pairs[i][0] == '\0')
        continue;
      if (colon == NULL)
        g_hash_table_insert (params, g_strdup (pairs[i]), g_strdup (""));
      else
        g_hash_table_insert (params, g_strndup (pairs[i], (gsize) (colon - pairs[i])), g_strdup (colon + 1));
    }
  return params;
}

static int
param_int (GHashTable *params,
           const char *key,
           int         fallback)
{
  const char *v = param (params, key);

  return v ? atoi (v) : fallback;
}

static void
add_node (KolTileDef *tile,
          KolNodeKind kind,
          GHashTable *params)
{
  KolNodeDef *node;
  const char *route = param (params, "route");

  g_assert_cmpint (tile->n_nodes, <, KOL_MAX_NODES);
  node = &tile->nodes[tile->n_nodes];
  memset (node, 0, sizeof *node);
  g_snprintf (node->id, sizeof node->id, "n%d", tile->n_nodes);
  node->kind = (guint8) kind;
  node->slots = kind == KOL_NODE_CITY ? (guint8) param_int (params, "slots", 1) : 0;
  node->city_index = (gint8) (kind == KOL_NODE_CITY ? kol_tile_n_cities (tile) : -1);
  node->optional = route != NULL && strcmp (route, "optional") == 0;
  node->visit_cost = (gint8) param_int (params, "visit", -1);
  node->group = -1;
  node->revenue.kind = KOL_REVENUE_FIXED;
  node->revenue.fixed = param_int (params, "revenue", 0);
  tile->n_nodes++;
}

static guint8
parse_end (const KolTileDef *tile,
           const char       *text)
{
  if (text == NULL)
    g_error ("path without both ends");
  if (text[0] == '_')
    {
      int node = atoi (text + 1);

      g_assert_cmpint (node, <, tile->n_nodes);
      return (guint8) (KOL_PATH_NODE + node);
    }
  g_assert_true (g_ascii_isdigit (text[0]));
  return (guint8) atoi (text);
}

static guint8
parse_track (const KolTitle *title,
             const char     *name)
{
  int track;

  if (name == NULL)
    return 0;
  if (strcmp (name, "future") == 0)
    return KOL_TRACK_FUTURE;
  track = kol_title_track_by_id (title, name);
  if (track < 0)
    g_error ("unknown track type %s", name);
  return (guint8) track;
}

/* "2.1" → {2, 1}, as Path.decode_lane_spec. */
static void
parse_lane (const char *text,
            guint8     *lane)
{
  if (text == NULL)
    return;
  lane[0] = (guint8) atoi (text);
  lane[1] = strchr (text, '.') ? (guint8) atoi (strchr (text, '.') + 1) : 0;
}

static void
add_paths (const KolTitle *title,
           KolTileDef     *tile,
           GHashTable     *params)
{
  KolPathDef base = { 0 };
  int lanes = param_int (params, "lanes", 0);

  base.a = parse_end (tile, param (params, "a"));
  base.b = parse_end (tile, param (params, "b"));
  base.track = parse_track (title, param (params, "track"));
  base.terminal = (guint8) param_int (params, "terminal", 0);
  parse_lane (param (params, "a_lane"), base.a_lane);
  parse_lane (param (params, "b_lane"), base.b_lane);

  /* Path.make_lanes: N parallel paths; between two edges the far lane is
   * mirrored */
  for (int i = 0; i < MAX (lanes, 1); i++)
    {
      KolPathDef p = base;

      if (lanes > 0)
        {
          p.a_lane[0] = p.b_lane[0] = (guint8) lanes;
          p.a_lane[1] = (guint8) i;
          p.b_lane[1] = (guint8) (KOL_PATH_IS_EDGE (p.a) && KOL_PATH_IS_EDGE (p.b) ? lanes - i - 1 : i);
        }
      g_assert_cmpint (tile->n_paths, <, KOL_MAX_PATHS);
      tile->paths[tile->n_paths++] = p;
    }
}

static guint8
parse_rotations (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "|", -1);
  guint8 mask = 0;

  for (int i = 0; parts[i]; i++)
    mask |= (guint8) (1u << atoi (parts[i]));
  return mask;
}

static void
parse_policy (KolTileDef *tile,
              const char *text)
{
  if (strcmp (text, "explicit") == 0)
    tile->upgrade_policy = KOL_UPGRADE_EXPLICIT;
  else if (strcmp (text, "same_color") == 0)
    tile->upgrade_policy = KOL_UPGRADE_SAME_COLOR;
  else if (strcmp (text, "none") == 0)
    tile->upgrade_policy = KOL_UPGRADE_NONE;
  else
    g_error ("unknown policy %s", text);
}

static void
pend (GPtrArray  *list,
      int         tile,
      const char *ids)
{
  PendingList *p = g_new0 (PendingList, 1);

  p->tile = tile;
  p->ids = g_strdup (ids);
  g_ptr_array_add (list, p);
}

/* Hex-only parts fill @hex; tile parts fill @tile. */
static void
parse_part (Builder    *b,
            int         tile_index,
            KolHexDef  *hex,
            const char *part)
{
  KolTileDef *tile = &b->title->tiles[tile_index];
  g_auto(GStrv) kv = g_strsplit (part, "=", 2);
  const char *type = kv[0];
  const char *value = kv[1] ? kv[1] : "";
  g_autoptr(GHashTable) params = parse_params (value);

  if (strcmp (type, "city") == 0)
    add_node (tile, KOL_NODE_CITY, params);
  else if (strcmp (type, "town") == 0)
    add_node (tile, KOL_NODE_TOWN, params);
  else if (strcmp (type, "offboard") == 0)
    add_node (tile, KOL_NODE_OFFBOARD, params);
  else if (strcmp (type, "junction") == 0)
    add_node (tile, KOL_NODE_JUNCTION, params);
  else if (strcmp (type, "path") == 0)
    add_paths (b->title, tile, params);
  else if (strcmp (type, "label") == 0)
    g_strlcpy (tile->label, value, sizeof tile->label);
  else if (strcmp (type, "rotations") == 0)
    tile->rotations = parse_rotations (value);
  else if (strcmp (type, "policy") == 0)
    parse_policy (tile, value);
  else if (strcmp (type, "upgrades_to") == 0)
    pend (b->upgrades, tile_index, value);
  else if (strcmp (type, "lay_only_on") == 0)
    pend (b->locks, tile_index, value);
  else if (strcmp (type, "requires") == 0)
    tile->lay_requires = g_strdup (value);
  else if (hex && strcmp (type, "upgrade") == 0)
    hex->terrain_cost = param_int (params, "cost", 0);
  else if (hex && strcmp (type, "border") == 0)
    {
      int edge = param_int (params, "edge", 0);

      hex->borders |= (guint8) (1u << edge);
      if (g_strcmp0 (param (params, "type"), "impassable") == 0)
        hex->impassable |= (guint8) (1u << edge);
    }
  else if (hex && strcmp (type, "rotation") == 0)
    hex->rotation = (guint8) atoi (value);
  else
    g_error ("unknown part %s", part);
}

static void
parse_code (Builder    *b,
            int         tile_index,
            KolHexDef  *hex,
            const char *code)
{
  g_auto(GStrv) parts = g_strsplit (code ? code : "", ";", -1);

  for (int i = 0; parts[i]; i++)
    if (parts[i][0] != '\0')
      parse_part (b, tile_index, hex, parts[i]);
}

static void
init_tile (KolTileDef *tile,
           const char *id,
           KolColor    color,
           int         count)
{
  memset (tile, 0, sizeof *tile);
  tile->id = g_strdup (id);
  tile->color = (guint8) color;
  tile->count = count;
  tile->rotations = 0x3f;
  tile->upgrade_policy = KOL_UPGRADE_INFERRED;
}

static void
build_tracks (KolTitle   *title,
              const char *spec)
{
  g_auto(GStrv) types = g_strsplit (spec ? spec : "broad:broad", " ", -1);
  GPtrArray *networks = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; types[i] && i < KOL_MAX_TRACK_TYPES; i++)
    {
      g_auto(GStrv) kv = g_strsplit (types[i], ":", 2);
      g_auto(GStrv) nets = g_strsplit (kv[1] ? kv[1] : kv[0], "+", -1);
      KolTrackType *t = &title->track_types[title->n_track_types++];

      t->id = g_strdup (kv[0]);
      for (int n = 0; nets[n]; n++)
        {
          guint k;

          for (k = 0; k < networks->len; k++)
            if (strcmp (g_ptr_array_index (networks, k), nets[n]) == 0)
              break;
          if (k == networks->len)
            g_ptr_array_add (networks, g_strdup (nets[n]));
          t->networks |= (guint8) (1u << k);
        }
    }
  g_ptr_array_unref (networks);
}

static void
build_colors (KolTitle   *title,
              const char *spec)
{
  g_auto(GStrv) colors = g_strsplit (spec ? spec : "yellow green brown gray", " ", -1);

  for (int i = 0; colors[i] && i < KOL_MAX_COLORS; i++)
    title->tile_colors[title->n_colors++] = (guint8) parse_color (colors[i]);
}

static void
build_phases (KolTitle   *title,
              const char *spec)
{
  g_auto(GStrv) phases = g_strsplit (spec ? spec : "", ";", -1);
  guint n = g_strv_length (phases);

  title->n_phases = MAX (n, 1);
  title->phases = g_new0 (KolPhaseDef, title->n_phases);
  for (guint p = 0; p < title->n_phases; p++)
    {
      title->phases[p].name = g_strdup_printf ("%u", p + 2);
      title->phases[p].on = -1;
      title->phases[p].train_limit = 4;
      title->phases[p].operating_rounds = 1;
      if (n == 0)
        {
          for (int c = 0; c < title->n_colors; c++)
            title->phases[p].tiles |= (guint8) (1u << title->tile_colors[c]);
        }
      else
        {
          g_auto(GStrv) colors = g_strsplit (phases[p], " ", -1);

          for (int c = 0; colors[c]; c++)
            if (colors[c][0] != '\0')
              title->phases[p].tiles |= (guint8) (1u << parse_color (colors[c]));
        }
    }
}

static void
build_grid (KolTitle               *title,
            const KolTestTitleSpec *spec)
{
  title->grid.layout = g_strcmp0 (spec->layout, "pointy") == 0 ? KOL_LAYOUT_POINTY : KOL_LAYOUT_FLAT;
  if (g_strcmp0 (spec->axes, "number-letter") == 0)
    {
      title->grid.x = KOL_AXIS_NUMBER;
      title->grid.y = KOL_AXIS_LETTER;
    }
  else
    {
      title->grid.x = KOL_AXIS_LETTER;
      title->grid.y = KOL_AXIS_NUMBER;
    }
}

static guint
count_entries (const void *array,
               gsize       stride)
{
  guint n = 0;

  /* every spec row starts with its id */
  while (array && *(const char * const *) ((const char *) array + n * stride) != NULL)
    n++;
  return n;
}

static GArray *
resolve_list (Builder    *b,
              const char *ids,
              gboolean    hexes)
{
  g_auto(GStrv) parts = g_strsplit (ids, "|", -1);
  GArray *list = g_array_new (FALSE, FALSE, sizeof (gint16));

  for (int i = 0; parts[i]; i++)
    {
      gint16 index = (gint16) (hexes ? kol_title_hex_by_id (b->title, parts[i])
                                     : kol_title_tile_by_id (b->title, parts[i]));

      if (index < 0)
        g_error ("unknown id %s", parts[i]);
      g_array_append_val (list, index);
    }
  return list;
}

static void
build_corps (KolTitle          *title,
             const KolTestCorp *corps)
{
  title->n_corps = count_entries (corps, sizeof *corps);
  title->corps = g_new0 (KolCorpDef, MAX (title->n_corps, 1));
  for (guint c = 0; c < title->n_corps; c++)
    {
      KolCorpDef *def = &title->corps[c];

      def->id = g_strdup (corps[c].id);
      def->type = g_strdup ("public");
      def->n_tokens = (guint8) corps[c].n_tokens;
      for (int i = 0; i < def->n_tokens; i++)
        def->token_costs[i] = i == 0 ? 0 : 40;
      def->home = (gint16) (corps[c].home ? kol_title_hex_by_id (title, corps[c].home) : -1);
      def->home_city = (gint8) corps[c].home_city;
      g_assert_true (corps[c].home == NULL || def->home >= 0);
    }
}

/* Manifest tiles first, then one printed tile per hex, as the loader does. */
static void
build_tiles (Builder                *b,
             const KolTestTitleSpec *spec)
{
  KolTitle *title = b->title;
  guint n_manifest = count_entries (spec->tiles, sizeof *spec->tiles);

  title->n_hexes = count_entries (spec->hexes, sizeof *spec->hexes);
  title->hexes = g_new0 (KolHexDef, MAX (title->n_hexes, 1));
  title->n_manifest_tiles = n_manifest;
  title->n_tiles = n_manifest + title->n_hexes;
  title->tiles = g_new0 (KolTileDef, title->n_tiles);

  for (guint i = 0; i < n_manifest; i++)
    {
      const KolTestTile *t = &spec->tiles[i];

      init_tile (&title->tiles[i], t->id, parse_color (t->color), t->count);
      parse_code (b, (int) i, NULL, t->code);
    }
  for (guint h = 0; h < title->n_hexes; h++)
    {
      const KolTestHex *src = &spec->hexes[h];
      KolHexDef *hex = &title->hexes[h];
      guint ti = n_manifest + h;

      hex->id = g_strdup (src->id);
      hex->color = (guint8) parse_color (src->color);
      if (!kol_hex_parse (&title->grid, src->id, &hex->x, &hex->y))
        g_error ("bad hex id %s", src->id);
      hex->tile = (gint16) ti;
      init_tile (&title->tiles[ti], src->id, (KolColor) hex->color, 0);
      title->tiles[ti].preprinted = TRUE;
      parse_code (b, (int) ti, hex, src->code);
    }
}

/**
 * kol_test_title_new:
 * @spec: the board
 *
 * Returns: (transfer full): a finished title.
 */
KolTitle *
kol_test_title_new (const KolTestTitleSpec *spec)
{
  g_autoptr(GError) error = NULL;
  Builder b = { 0 };

  b.title = kol_title_new ();
  b.upgrades = g_ptr_array_new_with_free_func (pending_free);
  b.locks = g_ptr_array_new_with_free_func (pending_free);
  b.title->id = g_strdup ("test");
  b.title->n_players = 2;
  b.title->starting_cash = 1000;
  build_grid (b.title, spec);
  build_tracks (b.title, spec->tracks);
  build_colors (b.title, spec->colors);
  build_phases (b.title, spec->phases);
  build_tiles (&b, spec);

  /* indices first so that ids resolve */
  if (!kol_title_finish (b.title, &error))
    g_error ("test title: %s", error->message);
  for (guint i = 0; i < b.upgrades->len; i++)
    {
      PendingList *p = g_ptr_array_index (b.upgrades, i);

      b.title->tiles[p->tile].upgrades_to = resolve_list (&b, p->ids, FALSE);
    }
  for (guint i = 0; i < b.locks->len; i++)
    {
      PendingList *p = g_ptr_array_index (b.locks, i);

      b.title->tiles[p->tile].lay_only_on = resolve_list (&b, p->ids, TRUE);
    }
  build_corps (b.title, spec->corps);
  if (!kol_title_finish (b.title, &error))
    g_error ("test title: %s", error->message);
  g_ptr_array_unref (b.upgrades);
  g_ptr_array_unref (b.locks);
  return b.title;
}

/**
 * kol_test_game_new:
 *
 * Returns: (transfer full): a game with two players.
 */
KolEngine *
kol_test_game_new (const KolTitle *title)
{
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, 2, NULL, NULL, 1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (engine);
  return engine;
}

int
kol_test_hex (KolEngine  *engine,
              const char *id)
{
  int hex = kol_title_hex_by_id (engine->title, id);

  if (hex < 0)
    g_error ("no hex %s", id);
  return hex;
}

int
kol_test_tile (KolEngine  *engine,
               const char *id)
{
  int tile = kol_title_tile_by_id (engine->title, id);

  if (tile < 0)
    g_error ("no tile %s", id);
  return tile;
}

int
kol_test_corp (KolEngine  *engine,
               const char *id)
{
  int corp = kol_title_corp_by_id (engine->title, id);

  if (corp < 0)
    g_error ("no corporation %s", id);
  return corp;
}

void
kol_test_place (KolEngine  *engine,
                const char *corp,
                const char *hex,
                int         city)
{
  g_assert_true (kol_board_place_token (engine, kol_test_corp (engine, corp), -1, kol_test_hex (engine, hex), city, -1));
}

void
kol_test_lay (KolEngine  *engine,
              const char *hex,
              const char *tile,
              int         rotation)
{
  int copy = kol_board_free_copy (engine, kol_test_tile (engine, tile));

  g_assert_cmpint (copy, >=, 0);
  kol_board_lay (engine, kol_test_hex (engine, hex), copy, rotation);
}

void
kol_test_reach (KolEngine  *engine,
                const char *corp,
                KolReach   *out)
{
  kol_board_compute_reach (engine, kol_test_corp (engine, corp), NULL, out);
}

static char *
finish (GString *s)
{
  if (s->len > 0 && s->str[s->len - 1] == ' ')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

char *
kol_test_connected (KolEngine      *engine,
                    const KolReach *reach)
{
  GString *s = g_string_new (NULL);

  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      if (!reach->hex_connected[h])
        continue;
      g_string_append_printf (s, "%s:", engine->title->hexes[h].id);
      for (int e = 0; e < 6; e++)
        if (reach->hex_edges[h] & (1u << e))
          g_string_append_printf (s, "%d", e);
      g_string_append_c (s, ' ');
    }
  return finish (s);
}

char *
kol_test_reachable (KolEngine      *engine,
                    const KolReach *reach)
{
  GString *s = g_string_new (NULL);

  for (guint h = 0; h < engine->title->n_hexes; h++)
    if (reach->paths[h])
      g_string_append_printf (s, "%s ", engine->title->hexes[h].id);
  return finish (s);
}

char *
kol_test_nodes (KolEngine      *engine,
                const KolReach *reach)
{
  GString *s = g_string_new (NULL);

  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int n = 0; n < KOL_MAX_NODES; n++)
      if (reach->nodes[h] & (1u << n))
        g_string_append_printf (s, "%s.%d ", engine->title->hexes[h].id, n);
  return finish (s);
}

char *
kol_test_mask (guint mask)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < 16; i++)
    if (mask & (1u << i))
      g_string_append_printf (s, "%d ", i);
  return finish (s);
}

char *
kol_test_tile_list (KolEngine    *engine,
                    const gint16 *tiles,
                    int           n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s ", engine->title->tiles[tiles[i]].id);
  return finish (s);
}

char *
kol_test_hex_list (KolEngine    *engine,
                   const gint16 *hexes,
                   int           n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s ", engine->title->hexes[hexes[i]].id);
  return finish (s);
}

char *
kol_test_slots (KolEngine  *engine,
                const char *hex_id)
{
  int hex = kol_test_hex (engine, hex_id);
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  const KolHexState *s = &engine->hexes[hex];
  GString *out = g_string_new (NULL);
  int n_cities = kol_tile_n_cities (tile);

  for (int c = 0; c < n_cities; c++)
    {
      if (c > 0)
        g_string_append (out, "| ");
      for (int i = 0; i < kol_board_city_slots (engine, hex, c); i++)
        {
          int slot = kol_board_slot_index (engine, hex, c, i);

          if (s->slot_token[slot] >= 0)
            g_string_append_printf (out, "%s ", engine->title->corps[KOL_TOKEN_CORP (s->slot_token[slot])].id);
          else if (s->slot_reserved[slot] >= 0)
            g_string_append_printf (out, "r%s ", engine->title->corps[s->slot_reserved[slot]].id);
          else
            g_string_append (out, "- ");
        }
    }
  return finish (out);
}
