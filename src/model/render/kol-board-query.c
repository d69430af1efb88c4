/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-board-query.h"
#include "kol-engine-board.h"
#include "kol-engine-hex.h"
#include "kol-game-words.h"
#include "kol-svg-renderer.h"

/*
 * The board as the views read it; see kol-board-query.h. Every function
 * takes the state or the title as the views hold them and checks its
 * indices: a view asks about the hex under the mouse, whatever it is.
 */

static gboolean
valid_hex (const KolTitle *title,
           int             hex)
{
  return title != NULL && hex >= 0 && (guint) hex < title->n_hexes;
}

/* ------------------------------------------------------------- copies */

/**
 * kol_board_query_new_board:
 * @title: a title
 * @error: why no game can start on it
 *
 * Returns: (transfer full) (nullable): the state of a new game on @title
 *   (its first seating, seed 1): its board as printed, for pictures
 */
KolEngine *
kol_board_query_new_board (const KolTitle  *title,
                           GError         **error)
{
  g_return_val_if_fail (title != NULL, NULL);
  return kol_engine_new (title, title->n_players, NULL, NULL, 1, error);
}

/** kol_board_query_copy: Returns: (transfer full): a copy of @engine for
 * a view to keep (free with kol_board_query_free()) */
KolEngine *
kol_board_query_copy (const KolEngine *engine)
{
  g_return_val_if_fail (engine != NULL, NULL);
  return kol_engine_copy (engine);
}

void
kol_board_query_copy_into (KolEngine       *dest,
                           const KolEngine *src)
{
  g_return_if_fail (dest != NULL && src != NULL);
  kol_engine_copy_into (dest, src);
}

void
kol_board_query_free (KolEngine *engine)
{
  if (engine != NULL)
    kol_engine_free (engine);
}

/**
 * kol_board_query_with_tile:
 * @engine: a state
 * @hex: a hex
 * @tile: a tile def index
 * @rotation: 0..5
 *
 * The board as it would look with @tile laid on @hex (tokens moved onto
 * it as a lay moves them; name and terrain kept): for a tile the player is
 * choosing, before the move is made. No rule is checked.
 *
 * Returns: (transfer full) (nullable): the state with the lay, %NULL for
 *   no such hex or tile
 */
KolEngine *
kol_board_query_with_tile (const KolEngine *engine,
                           int              hex,
                           int              tile,
                           int              rotation)
{
  const KolTileDef *def;
  KolEngine *copy;
  int copy_index;

  g_return_val_if_fail (engine != NULL, NULL);
  if (!valid_hex (engine->title, hex) || tile < 0 || (guint) tile >= engine->title->n_tiles)
    return NULL;
  def = &engine->title->tiles[tile];
  copy = kol_engine_copy (engine);
  copy_index = kol_board_free_copy (copy, tile);
  if (copy_index < 0)
    copy_index = def->preprinted ? -1 : def->first_copy;
  if (copy_index >= 0 || def->preprinted)
    kol_board_lay (copy, hex, copy_index, ((rotation % 6) + 6) % 6);
  return copy;
}

/* -------------------------------------------------------------- title */

/** kol_board_query_title: Returns: (transfer none): @engine's title */
const KolTitle *
kol_board_query_title (const KolEngine *engine)
{
  return engine != NULL ? engine->title : NULL;
}

guint
kol_board_query_n_hexes (const KolTitle *title)
{
  return title != NULL ? title->n_hexes : 0;
}

guint
kol_board_query_n_tiles (const KolTitle *title)
{
  return title != NULL ? title->n_tiles : 0;
}

/** kol_board_query_n_manifest_tiles: Returns: how many tiles the title's
 * manifest has (the first tile defs; the rest are preprinted hexes') */
guint
kol_board_query_n_manifest_tiles (const KolTitle *title)
{
  return title != NULL ? title->n_manifest_tiles : 0;
}

KolLayout
kol_board_query_layout (const KolTitle *title)
{
  g_return_val_if_fail (title != NULL, KOL_LAYOUT_FLAT);
  return title->grid.layout;
}

/**
 * kol_board_query_hex_corner:
 * @layout: flat or pointy hexes
 * @corner: 0–5, the corner after edge @corner going clockwise
 * @x: (out): the corner's x on a hex of radius 1 centred at 0, 0
 * @y: (out): its y
 *
 * For outlining hexes the way the renderer draws them.
 */
void
kol_board_query_hex_corner (KolLayout  layout,
                            int        corner,
                            double    *x,
                            double    *y)
{
  double a = (kol_hex_edge_angle (layout, corner) + 30.0) * G_PI / 180.0;

  *x = cos (a);
  *y = sin (a);
}

/** kol_board_query_hex_id: Returns: (nullable): "C5", %NULL for no hex */
const char *
kol_board_query_hex_id (const KolTitle *title,
                        int             hex)
{
  return valid_hex (title, hex) ? title->hexes[hex].id : NULL;
}

/** kol_board_query_hex_by_id: Returns: the hex with id @id, or -1 */
int
kol_board_query_hex_by_id (const KolTitle *title,
                           const char     *id)
{
  return title != NULL && id != NULL ? kol_title_hex_by_id (title, id) : -1;
}

/**
 * kol_board_query_hex_grid:
 * @x: (out) (optional): the hex's column in doubled coordinates
 * @y: (out) (optional): its row
 *
 * Returns: %FALSE for no such hex
 */
gboolean
kol_board_query_hex_grid (const KolTitle *title,
                          int             hex,
                          int            *x,
                          int            *y)
{
  if (!valid_hex (title, hex))
    return FALSE;
  if (x != NULL)
    *x = title->hexes[hex].x;
  if (y != NULL)
    *y = title->hexes[hex].y;
  return TRUE;
}

/**
 * kol_board_query_grid_id_at:
 * @bx: a point of the board, in the renderer's units
 * @by:
 *
 * Returns: (transfer full): the id of the grid position nearest to the
 *   point, of the map's parity (where the editor adds a hex), whether or
 *   not the map has a hex there
 */
char *
kol_board_query_grid_id_at (const KolTitle *title,
                            double          bx,
                            double          by)
{
  const KolGrid *grid = &title->grid;
  double fx, fy, best = G_MAXDOUBLE;
  int parity = title->n_hexes > 0 ? ((title->hexes[0].x + title->hexes[0].y) % 2 + 2) % 2 : 0;
  int best_x = 0, best_y = 0;

  kol_hex_center (grid, 1, 1, &fx, &fy);
  fx = bx / KOL_SVG_HEX_RADIUS / fx;
  fy = by / KOL_SVG_HEX_RADIUS / fy;
  for (int x = (int) floor (fx) - 1; x <= (int) ceil (fx) + 1; x++)
    for (int y = (int) floor (fy) - 1; y <= (int) ceil (fy) + 1; y++)
      {
        double cx, cy, d;

        if (((x + y) % 2 + 2) % 2 != parity)
          continue;
        kol_hex_center (grid, x, y, &cx, &cy);
        d = hypot (cx * KOL_SVG_HEX_RADIUS - bx, cy * KOL_SVG_HEX_RADIUS - by);
        if (d < best)
          {
            best = d;
            best_x = x;
            best_y = y;
          }
      }
  return kol_hex_format (grid, best_x, best_y);
}

/** kol_board_query_axis_numbers: Returns: %TRUE when the columns (or with
 * @columns %FALSE, the rows) are numbered rather than lettered */
gboolean
kol_board_query_axis_numbers (const KolTitle *title,
                              gboolean        columns)
{
  g_return_val_if_fail (title != NULL, TRUE);
  return (columns ? title->grid.x : title->grid.y) == KOL_AXIS_NUMBER;
}

/** kol_board_query_tile_id: Returns: (nullable): a tile's id ("57") */
const char *
kol_board_query_tile_id (const KolTitle *title,
                         int             tile)
{
  return title != NULL && tile >= 0 && (guint) tile < title->n_tiles ? title->tiles[tile].id : NULL;
}

/** kol_board_query_tile_by_id: Returns: the tile def with id @id, or -1 */
int
kol_board_query_tile_by_id (const KolTitle *title,
                            const char     *id)
{
  return title != NULL && id != NULL ? kol_title_tile_by_id (title, id) : -1;
}

/**
 * kol_board_query_upgrades:
 * @engine: a state
 * @tile: a tile def
 * @inferred: what the engine's generic rule infers, whatever the tile's
 *   data says, rather than what the tile upgrades to
 *
 * Returns: (transfer full): the ids of the manifest tiles @tile upgrades to
 */
GStrv
kol_board_query_upgrades (const KolEngine *engine,
                          int              tile,
                          gboolean         inferred)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const KolTitle *title = engine != NULL ? engine->title : NULL;

  for (guint to = 0; title != NULL && tile >= 0 && to < title->n_manifest_tiles; to++)
    {
      gboolean up = inferred ? kol_board_upgrade_inferred (title, tile, (int) to)
                             : kol_board_upgrades_to (engine, -1, tile, (int) to);

      if (up && (int) to != tile)
        g_strv_builder_add (builder, title->tiles[to].id);
    }
  return g_strv_builder_end (builder);
}

/** kol_board_query_tile_of_copy: Returns: the tile def of a tile copy (a
 * lay_tile action's tile_copy), or -1 */
int
kol_board_query_tile_of_copy (const KolTitle *title,
                              int             copy)
{
  return title != NULL && copy >= 0 && (guint) copy < title->n_tile_copies ? title->copy_tile[copy] : -1;
}

/** kol_board_query_tiles_left: Returns: how many copies of tile def @tile
 * are still in the supply; -1 for as many as wanted */
int
kol_board_query_tiles_left (const KolEngine *engine,
                            int              tile)
{
  g_return_val_if_fail (engine != NULL, 0);
  return kol_board_tiles_left (engine, tile);
}

/* -------------------------------------------------------------- hexes */

static const KolTileDef *
tile_on (const KolEngine *engine,
         int              hex)
{
  return engine != NULL && valid_hex (engine->title, hex) ? kol_board_tile (engine, hex, NULL) : NULL;
}

/** kol_board_query_hex_color: Returns: the colour of @hex now: its tile's,
 * or the printed hex's */
KolColor
kol_board_query_hex_color (const KolEngine *engine,
                           int              hex)
{
  const KolTileDef *tile = tile_on (engine, hex);

  if (tile == NULL)
    return KOL_COLOR_WHITE;
  return tile->preprinted ? engine->title->hexes[hex].color : tile->color;
}

/**
 * kol_board_query_hex_key:
 *
 * What @hex's picture shows, as a short text: its tile, rotation, tokens
 * and reservations. Two states with the same key draw the hex alike (for
 * a view's texture cache).
 *
 * Returns: (transfer full): the key
 */
char *
kol_board_query_hex_key (const KolEngine *engine,
                         int              hex)
{
  const KolHexState *hs;
  guint32 h = 2166136261u;
  const guint8 *p;

  g_return_val_if_fail (engine != NULL && valid_hex (engine->title, hex), g_strdup (""));
  hs = &engine->hexes[hex];
  p = (const guint8 *) hs->slot_token;
  for (gsize i = 0; i < sizeof hs->slot_token; i++)
    h = (h ^ p[i]) * 16777619u;
  p = (const guint8 *) hs->slot_reserved;
  for (gsize i = 0; i < sizeof hs->slot_reserved; i++)
    h = (h ^ p[i]) * 16777619u;
  return g_strdup_printf ("%d:%d:%08x", hs->tile, hs->rotation, h);
}

int
kol_board_query_city_slots (const KolEngine *engine,
                            int              hex,
                            int              city)
{
  return tile_on (engine, hex) != NULL ? kol_board_city_slots (engine, hex, city) : 0;
}

int
kol_board_query_slot_index (const KolEngine *engine,
                            int              hex,
                            int              city,
                            int              slot)
{
  return tile_on (engine, hex) != NULL ? kol_board_slot_index (engine, hex, city, slot) : -1;
}

/** kol_board_query_node_city: Returns: the city index of node @node of the
 * tile on @hex, or -1 when it is no city */
int
kol_board_query_node_city (const KolEngine *engine,
                           int              hex,
                           int              node)
{
  const KolTileDef *tile = tile_on (engine, hex);

  if (tile == NULL || node < 0 || node >= tile->n_nodes || tile->nodes[node].kind != KOL_NODE_CITY)
    return -1;
  return tile->nodes[node].city_index;
}

/**
 * kol_board_query_hex_stops:
 * @first: (out) (optional): the first stop's node, -1 without one
 *
 * Returns: how many stops (cities, towns, off-boards: nodes a route can
 *   stop at) the tile on @hex has
 */
int
kol_board_query_hex_stops (const KolEngine *engine,
                           int              hex,
                           int             *first)
{
  const KolTileDef *tile = tile_on (engine, hex);
  int n = 0;

  if (first != NULL)
    *first = -1;
  for (int i = 0; tile != NULL && i < tile->n_nodes; i++)
    if (tile->nodes[i].kind != KOL_NODE_JUNCTION)
      {
        if (n++ == 0 && first != NULL)
          *first = i;
      }
  return n;
}

/**
 * kol_board_query_node_at:
 * @engine: a state
 * @hex: a hex
 * @x: a point in board units (the SVG renderer's user space)
 * @y: its y
 *
 * Returns: the node of the tile on @hex under the point: a city's token
 *   slot, or within the footprint of a town or off-board location; -1
 *   for none
 */
int
kol_board_query_node_at (const KolEngine *engine,
                         int              hex,
                         double           x,
                         double           y)
{
  const KolTileDef *tile = tile_on (engine, hex);

  for (int s = 0; tile != NULL && s < kol_tile_n_slots (tile); s++)
    {
      double sx, sy, r;

      if (kol_svg_board_slot_point (engine, hex, s, &sx, &sy, &r) && hypot (x - sx, y - sy) <= r)
        return kol_tile_city_node (tile, kol_board_slot_city (engine, hex, s));
    }
  for (int n = 0; tile != NULL && n < tile->n_nodes; n++)
    {
      double nx, ny;

      if (tile->nodes[n].kind == KOL_NODE_CITY || tile->nodes[n].kind == KOL_NODE_JUNCTION)
        continue;
      if (kol_svg_board_node_point (engine, hex, n, &nx, &ny) && hypot (x - nx, y - ny) <= KOL_SVG_HEX_RADIUS * 0.22)
        return n;
    }
  return -1;
}

/* ------------------------------------------------------------ details */

static int
revenue_now (const KolEngine  *engine,
             const KolNodeDef *node)
{
  const KolRevenue *r = &node->revenue;
  const KolTitle *title = engine->title;
  int value = r->n > 0 ? r->values[0] : r->fixed;

  switch (r->kind)
    {
    case KOL_REVENUE_BY_PHASE:
      /* the value of the latest phase reached */
      for (int i = 0; i < r->n; i++)
        if (r->keys[i] <= engine->phase)
          value = r->values[i];
      return value;
    case KOL_REVENUE_BY_COLOR:
      /* the value of the newest colour the phase lays */
      for (int c = 0; c < title->n_colors; c++)
        for (int i = 0; i < r->n; i++)
          if (r->keys[i] == title->tile_colors[c] && engine->phase >= 0 &&
              (guint) engine->phase < title->n_phases &&
              (title->phases[engine->phase].tiles & (1u << title->tile_colors[c])))
            value = r->values[i];
      return value;
    case KOL_REVENUE_FIXED:
    default:
      return r->fixed;
    }
}

static char *
revenues (const KolEngine  *engine,
          const KolTileDef *tile)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int n = 0; n < tile->n_nodes; n++)
    {
      g_autofree char *money = NULL;

      if (tile->nodes[n].kind == KOL_NODE_JUNCTION)
        continue;
      money = kol_game_word_money (engine->title, revenue_now (engine, &tile->nodes[n]));
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, money);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static const char *
terrain_name (const char *terrain)
{
  if (g_str_has_prefix (terrain, "mountain"))
    return C_("terrain", "mountains");
  if (g_str_has_prefix (terrain, "hill"))
    return C_("terrain", "hills");
  if (g_str_has_prefix (terrain, "water") || g_str_has_prefix (terrain, "river"))
    return C_("terrain", "water");
  if (g_str_has_prefix (terrain, "rough"))
    return C_("terrain", "rough ground");
  /* Translators: 1840's orange-edged hexes, where a Stadtbahn tile costs
   * extra («гекс государственной компании»). */
  if (g_str_equal (terrain, "stadtbahn"))
    return C_("terrain", "Stadtbahn hex");
  return terrain;
}

/* "AFG, IFT": the corporations with tokens (or reservations) on @hex. */
static char *
corporations_on (const KolEngine *engine,
                 int              hex,
                 gboolean         reservations)
{
  const KolHexState *hs = &engine->hexes[hex];
  g_autoptr(GString) out = g_string_new (NULL);

  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    {
      int corp = reservations ? hs->slot_reserved[s]
                              : (hs->slot_token[s] >= 0 ? KOL_TOKEN_CORP (hs->slot_token[s]) : -1);

      if (corp < 0 || (guint) corp >= engine->title->n_corps ||
          (reservations && hs->slot_token[s] >= 0))
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, engine->title->corps[corp].id);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
add_line (GString    *out,
          gboolean    markup,
          const char *text)
{
  g_autofree char *escaped = markup ? g_markup_escape_text (text, -1) : NULL;

  if (out->len > 0)
    g_string_append_c (out, '\n');
  g_string_append (out, markup ? escaped : text);
}

static void
describe_tile (const KolEngine *engine,
               GString         *out,
               int              hex,
               gboolean         markup)
{
  const KolHexDef *def = &engine->title->hexes[hex];
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  g_autofree char *line = NULL;

  if (tile->preprinted)
    /* Translators: a hex without a tile laid on it; %s is its colour. */
    line = g_strdup_printf (_("Printed hex, %s"), kol_game_word_color (def->color));
  else
    /* Translators: the tile on a hex: its number and its colour. */
    line = g_strdup_printf (_("Tile %1$s, %2$s"), tile->id, kol_game_word_color (tile->color));
  add_line (out, markup, line);
}

static void
describe_heading (const KolEngine *engine,
                  GString         *out,
                  int              hex,
                  gboolean         markup)
{
  const KolHexDef *def = &engine->title->hexes[hex];
  const char *name = kol_game_word_text (&def->name);

  if (markup)
    g_string_append_printf (out, "<b>%s</b>", def->id);
  else
    g_string_append (out, def->id);
  if (name != NULL && name[0] != '\0')
    {
      g_autofree char *escaped = markup ? g_markup_escape_text (name, -1) : g_strdup (name);

      g_string_append_printf (out, " — %s", escaped);
    }
}

/**
 * kol_board_query_describe_hex:
 * @engine: a state
 * @hex: a hex
 * @markup: whether to write Pango markup
 *
 * What a tooltip and the accessible description say of @hex: its id and
 * name, its tile, revenue, terrain and what laying there costs, tokens and
 * reservations, a line each, translated.
 *
 * Returns: (transfer full) (nullable): the text, %NULL for no hex
 */
char *
kol_board_query_describe_hex (const KolEngine *engine,
                              int              hex,
                              gboolean         markup)
{
  const KolHexDef *def;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *money = NULL, *tokens = NULL, *reserved = NULL;

  if (tile_on (engine, hex) == NULL)
    return NULL;
  def = &engine->title->hexes[hex];
  describe_heading (engine, out, hex, markup);
  describe_tile (engine, out, hex, markup);
  if ((money = revenues (engine, kol_board_tile (engine, hex, NULL))) != NULL)
    {
      /* Translators: a label and its value, e.g. “Revenue: 30, 40”. */
      g_autofree char *line = g_strdup_printf (_("%1$s: %2$s"), kol_game_word (engine->title, KOL_WORD_REVENUE), money);

      add_line (out, markup, line);
    }
  if (def->terrain != NULL || def->terrain_cost > 0)
    {
      g_autofree char *cost = kol_game_word_money (engine->title, def->terrain_cost);
      /* Translators: the terrain of a hex and what laying a tile there
       * costs, e.g. “Terrain: mountains, 80 L.” */
      g_autofree char *line = g_strdup_printf (_("Terrain: %1$s, %2$s"),
                                               def->terrain != NULL ? terrain_name (def->terrain) : "—", cost);

      add_line (out, markup, line);
    }
  if ((tokens = corporations_on (engine, hex, FALSE)) != NULL)
    {
      /* Translators: the companies with station markers on a hex. */
      g_autofree char *line = g_strdup_printf (_("Station markers: %s"), tokens);

      add_line (out, markup, line);
    }
  if ((reserved = corporations_on (engine, hex, TRUE)) != NULL)
    {
      /* Translators: companies whose home is on a hex, not yet placed. */
      g_autofree char *line = g_strdup_printf (_("Reserved for: %s"), reserved);

      add_line (out, markup, line);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
