/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "kol-engine-board.h"
#include "kol-svg-renderer.h"
#include "kol-title-loader.h"

/*
 * The SVG renderer on the real titles: every tile, hex and board is
 * well-formed XML with finite numbers, the output does not depend on the
 * locale or on the run, and the track follows 18xx geometry (straight track
 * through the centre, sharp curves of radius R/2 about a corner, gentle
 * curves of radius 3R/2, ends at the middles of the edges).
 */

#define R KOL_SVG_HEX_RADIUS
#define A (KOL_SVG_HEX_RADIUS * 0.86602540378443865)

static char *
data_dir (const char *title)
{
  return g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title, NULL);
}

static KolTitle *
load_title (const char         *id,
            int                 players,
            const char * const *options)
{
  g_autofree char *dir = data_dir (id);
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_loader_load (dir, players, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

static KolEngine *
new_game (const KolTitle *title)
{
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, title->n_players, NULL, NULL, 1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (engine);
  return engine;
}

/* ------------------------------------------------------------ XML check */

typedef struct
{
  int        depth;
  int        elements;
  char      *root;
  GString   *text;
} Parsed;

static const char *const numeric_attributes[] = {
  "x", "y", "cx", "cy", "r", "d", "points", "width", "height", "viewBox", "transform",
  "stroke-width", "font-size",
};

static void
on_start (GMarkupParseContext *context,
          const char          *name,
          const char         **attr_names,
          const char         **attr_values,
          gpointer             user_data,
          GError             **error)
{
  Parsed *p = user_data;

  if (p->depth++ == 0)
    p->root = g_strdup (name);
  p->elements++;
  for (int i = 0; attr_names[i] != NULL; i++)
    for (gsize k = 0; k < G_N_ELEMENTS (numeric_attributes); k++)
      if (strcmp (attr_names[i], numeric_attributes[k]) == 0)
        {
          g_autofree char *lower = g_ascii_strdown (attr_values[i], -1);

          if (strstr (lower, "nan") != NULL || strstr (lower, "inf") != NULL ||
              strchr (lower, ',') == lower)
            g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                         "attribute %s=\"%s\" of <%s> is not a number",
                         attr_names[i], attr_values[i], name);
        }
}

static void
on_end (GMarkupParseContext *context,
        const char          *name,
        gpointer             user_data,
        GError             **error)
{
  ((Parsed *) user_data)->depth--;
}

static void
on_text (GMarkupParseContext *context,
         const char          *text,
         gsize                len,
         gpointer             user_data,
         GError             **error)
{
  Parsed *p = user_data;

  g_string_append_len (p->text, text, (gssize) len);
  g_string_append_c (p->text, '\n');
}

/* Parses @svg as XML; returns the texts of its elements, one per line. */
static char *
assert_well_formed (const char *svg)
{
  static const GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };
  Parsed p = { 0, 0, NULL, g_string_new (NULL) };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, &p, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (svg);
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_markup_parse_context_parse (context, svg, -1, &error);
  if (error == NULL)
    g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p.root, ==, "svg");
  g_assert_cmpint (p.depth, ==, 0);
  g_assert_cmpint (p.elements, >, 1);
  g_free (p.root);
  return g_string_free (p.text, FALSE);
}

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_test_message ("missing: “%s”", needle);
  g_assert_nonnull (strstr (text, needle));
}

/* ------------------------------------------------------------- documents */

static void
check_every_tile (const KolTitle *title)
{
  for (guint t = 0; t < title->n_tiles; t++)
    for (int r = 0; r < 6; r++)
      {
        g_autofree char *svg = kol_svg_render_tile (title, (int) t, r, NULL);

        g_free (assert_well_formed (svg));
      }
}

/* Every tile of both titles, manifest and pre-printed, at every rotation. */
static void
test_every_tile (void)
{
  g_autoptr(KolTitle) t1849 = load_title ("1849", 4, NULL);
  g_autoptr(KolTitle) t1840 = load_title ("1840", 4, NULL);

  check_every_tile (t1849);
  check_every_tile (t1840);
  g_assert_null (kol_svg_render_tile (t1849, -1, 0, NULL));
  g_assert_null (kol_svg_render_tile (t1849, (int) t1849->n_tiles, 0, NULL));
}

static void
check_board (const char         *id,
             int                 players,
             const char * const *options)
{
  g_autoptr(KolTitle) title = load_title (id, players, options);
  KolEngine *engine = new_game (title);
  KolSvgOptions opts;
  g_autofree char *svg = NULL;
  g_autofree char *text = NULL;

  kol_svg_options_init (&opts);
  opts.flags = KOL_SVG_AXES | KOL_SVG_COORDS | KOL_SVG_INITIAL_TOKENS;
  svg = kol_svg_render_board (engine, &opts, NULL, NULL);
  text = assert_well_formed (svg);
  /* every hex id is written when coordinates are asked for */
  for (guint h = 0; h < title->n_hexes; h++)
    {
      g_autofree char *line = g_strdup_printf ("\n%s\n", title->hexes[h].id);

      assert_contains (text, line);
    }
  for (guint h = 0; h < title->n_hexes; h++)
    {
      g_autofree char *hex_svg = kol_svg_render_hex (engine, (int) h, NULL);

      g_free (assert_well_formed (hex_svg));
    }
  g_assert_null (kol_svg_render_hex (engine, -1, NULL));
  kol_engine_free (engine);
}

/* Both boards, 1840 on its big map and its 2-player map. */
static void
test_boards (void)
{
  check_board ("1849", 3, NULL);
  check_board ("1849", 5, NULL);
  check_board ("1840", 5, NULL);
  check_board ("1840", 2, NULL);
}

/* The 3-player small map of 1840, which its own option selects. A title
 * that does not load fails this case alone, not the cases after it. */
static void
test_board_1840_small (void)
{
  const char *const options[] = { "three_player_small", NULL };
  g_autofree char *dir = data_dir ("1840");
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitle) title = kol_title_loader_load (dir, 3, options, &error);

  if (title == NULL)
    {
      g_test_message ("1840 at 3 players with three_player_small does not load: %s",
                      error->message);
      g_test_fail ();
      return;
    }
  check_board ("1840", 3, options);
}

static void
test_tile_sheets (void)
{
  const char *const ids[] = { "1849", "1840" };

  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(KolTitle) title = load_title (ids[i], 4, NULL);
      g_autofree char *svg = kol_svg_render_tile_sheet (title, NULL);
      g_autofree char *text = assert_well_formed (svg);

      /* each manifest tile is captioned with its id and count */
      for (guint t = 0; t < title->n_manifest_tiles; t++)
        {
          const KolTileDef *tile = &title->tiles[t];
          g_autofree char *caption =
            tile->count < 0 ? g_strdup_printf ("\n%s  ×∞\n", tile->id)
                            : g_strdup_printf ("\n%s  ×%d\n", tile->id, tile->count);

          assert_contains (text, caption);
        }
    }
}

/* Same input, same bytes: twice, and in a locale with a decimal comma. */
static void
test_deterministic (void)
{
  g_autoptr(KolTitle) title = load_title ("1840", 5, NULL);
  KolEngine *engine = new_game (title);
  g_autofree char *first = kol_svg_render_board (engine, NULL, NULL, NULL);
  g_autofree char *second = kol_svg_render_board (engine, NULL, NULL, NULL);
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));

  g_assert_cmpstr (first, ==, second);
  if (setlocale (LC_NUMERIC, "ru_RU.UTF-8") != NULL ||
      setlocale (LC_NUMERIC, "de_DE.UTF-8") != NULL)
    {
      g_autofree char *local = kol_svg_render_board (engine, NULL, NULL, NULL);

      setlocale (LC_NUMERIC, saved);
      g_assert_cmpstr (first, ==, local);
    }
  else
    g_test_message ("no locale with a decimal comma installed; checked the C locale only");
  kol_engine_free (engine);
}

/* ------------------------------------------------------------- geometry */

typedef struct
{
  char   cmd[8];
  double args[8][7];
  int    n_args[8];
  int    n;
} PathData;

/* Splits "M1,2A50 50 0 0 1 3,4" into commands and their numbers. */
static void
parse_path (const char *d,
            PathData   *out)
{
  const char *p = d;

  memset (out, 0, sizeof *out);
  while (*p != '\0')
    {
      if (g_ascii_isalpha (*p))
        {
          g_assert_cmpint (out->n, <, 8);
          out->cmd[out->n++] = *p++;
          continue;
        }
      if (*p == ' ' || *p == ',')
        {
          p++;
          continue;
        }
      {
        char *end = NULL;
        double v = g_ascii_strtod (p, &end);
        int c = out->n - 1;

        g_assert_true (end != p);
        g_assert_cmpint (c, >=, 0);
        g_assert_cmpint (out->n_args[c], <, 7);
        out->args[c][out->n_args[c]++] = v;
        p = end;
      }
    }
}

static void
edge_mid (KolLayout layout,
          int       edge,
          double   *x,
          double   *y)
{
  double a = kol_hex_edge_angle (layout, ((edge % 6) + 6) % 6) * G_PI / 180.0;

  *x = A * cos (a);
  *y = A * sin (a);
}

static void
assert_point (double x,
              double y,
              double ex,
              double ey)
{
  g_assert_cmpfloat_with_epsilon (x, ex, 0.02);
  g_assert_cmpfloat_with_epsilon (y, ey, 0.02);
}

static int
tile_index (const KolTitle *title,
            const char     *id)
{
  int t = kol_title_tile_by_id (title, id);

  g_assert_cmpint (t, >=, 0);
  return t;
}

/* Straight track from edge e runs through the centre to the opposite edge
 * (1849 tile 9, flat hexes). */
static void
test_straight (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4, NULL);
  const KolTileDef *tile = &title->tiles[tile_index (title, "9")];

  for (int r = 0; r < 6; r++)
    {
      g_autofree char *d = kol_svg_tile_path_data (title, tile, r, 0);
      PathData path;
      double x0, y0, x1, y1, dist;

      parse_path (d, &path);
      g_assert_cmpint (path.n, ==, 2);
      g_assert_cmpint (path.cmd[1], ==, 'L');
      edge_mid (title->grid.layout, tile->paths[0].a + r, &x0, &y0);
      edge_mid (title->grid.layout, tile->paths[0].b + r, &x1, &y1);
      assert_point (path.args[0][0], path.args[0][1], x0, y0);
      assert_point (path.args[1][0], path.args[1][1], x1, y1);
      /* distance of the centre from the line */
      dist = fabs (x0 * y1 - y0 * x1) / hypot (x1 - x0, y1 - y0);
      g_assert_cmpfloat (dist, <, 0.05);
    }
}

/* Sharp (1849 tile 7) and gentle (tile 8) curves: arcs from edge middle to
 * edge middle with radius R/2 and 3R/2, centred on the corner and on the
 * centre of the hex across the middle edge. */
static void
test_curves (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4, NULL);
  const struct { const char *id; double radius; } cases[] = {
    { "7", R / 2 },
    { "8", 1.5 * R },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const KolTileDef *tile = &title->tiles[tile_index (title, cases[c].id)];

      for (int r = 0; r < 6; r++)
        {
          g_autofree char *d = kol_svg_tile_path_data (title, tile, r, 0);
          PathData path;
          double x0, y0, x1, y1;

          parse_path (d, &path);
          g_assert_cmpint (path.n, ==, 2);
          g_assert_cmpint (path.cmd[1], ==, 'A');
          g_assert_cmpint (path.n_args[1], ==, 7);
          g_assert_cmpfloat_with_epsilon (path.args[1][0], cases[c].radius, 0.01);
          g_assert_cmpfloat_with_epsilon (path.args[1][1], cases[c].radius, 0.01);
          g_assert_cmpfloat (path.args[1][3], ==, 0.0);   /* the small arc */
          edge_mid (title->grid.layout, tile->paths[0].a + r, &x0, &y0);
          edge_mid (title->grid.layout, tile->paths[0].b + r, &x1, &y1);
          assert_point (path.args[0][0], path.args[0][1], x0, y0);
          assert_point (path.args[1][5], path.args[1][6], x1, y1);
        }
    }
}

/* A town on a sharp curve (1840 tile 3, pointy hexes) sits on that curve,
 * and the two half paths start at the edge middles; the town turns with
 * the tile. */
static void
test_town_on_curve (void)
{
  g_autoptr(KolTitle) title = load_title ("1840", 4, NULL);
  const KolTileDef *tile = &title->tiles[tile_index (title, "3")];
  double x0 = 0, y0 = 0;

  g_assert_cmpint (tile->n_paths, ==, 2);
  for (int r = 0; r < 6; r++)
    {
      double x, y, cx, cy, a, rot;

      g_assert_true (kol_svg_tile_node_point (title, tile, r, 0, &x, &y));
      /* the corner between the two exits is the curve's centre */
      a = (kol_hex_edge_angle (title->grid.layout, r % 6) + 30.0) * G_PI / 180.0;
      cx = R * cos (a);
      cy = R * sin (a);
      g_assert_cmpfloat_with_epsilon (hypot (x - cx, y - cy), R / 2, 0.05);
      if (r == 0)
        {
          x0 = x;
          y0 = y;
        }
      rot = r * G_PI / 3.0;
      assert_point (x, y, x0 * cos (rot) - y0 * sin (rot), x0 * sin (rot) + y0 * cos (rot));

      for (int i = 0; i < tile->n_paths; i++)
        {
          g_autofree char *d = kol_svg_tile_path_data (title, tile, r, i);
          const KolPathDef *p = &tile->paths[i];
          int edge = KOL_PATH_IS_EDGE (p->a) ? p->a : p->b;
          PathData path;
          double ex, ey;

          parse_path (d, &path);
          g_assert_cmpint (path.cmd[1], ==, 'A');
          edge_mid (title->grid.layout, edge + r, &ex, &ey);
          assert_point (path.args[0][0], path.args[0][1], ex, ey);
          assert_point (path.args[1][5], path.args[1][6], x, y);
        }
    }
  g_assert_false (kol_svg_tile_node_point (title, tile, 0, 5, &x0, &y0));
  g_assert_null (kol_svg_tile_path_data (title, tile, 0, 7));
}

/* One tile at its six rotations: six different, well-formed pictures, the
 * city staying in the centre and its track turning. */
static void
test_six_rotations (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4, NULL);
  int t = tile_index (title, "645");
  const KolTileDef *tile = &title->tiles[t];
  char *svgs[6];

  for (int r = 0; r < 6; r++)
    {
      g_autofree char *text = NULL;
      g_autofree char *d = kol_svg_tile_path_data (title, tile, r, 0);
      double x, y, ex, ey;
      PathData path;

      svgs[r] = kol_svg_render_tile (title, t, r, NULL);
      text = assert_well_formed (svgs[r]);
      g_assert_true (kol_svg_tile_node_point (title, tile, r, 0, &x, &y));
      assert_point (x, y, 0, 0);
      parse_path (d, &path);
      int edge = KOL_PATH_IS_EDGE (tile->paths[0].a) ? tile->paths[0].a : tile->paths[0].b;

      edge_mid (title->grid.layout, edge + r, &ex, &ey);
      assert_point (path.args[0][0], path.args[0][1], ex, ey);
      for (int q = 0; q < r; q++)
        g_assert_cmpstr (svgs[q], !=, svgs[r]);
    }
  for (int r = 0; r < 6; r++)
    g_free (svgs[r]);
}

/* The board's geometry for overlays: hit-testing finds every hex at its
 * centre and nothing far away; nodes, slots and path ends lie in their hex. */
static void
test_board_geometry (void)
{
  g_autoptr(KolTitle) title = load_title ("1840", 5, NULL);
  KolEngine *engine = new_game (title);
  KolSvgBoardGeometry geom;

  kol_svg_board_geometry (title, NULL, &geom);
  g_assert_cmpfloat (geom.width, >, 0);
  g_assert_cmpfloat (geom.scale, ==, 0.5);
  g_assert_cmpint (kol_svg_board_hex_at (title, geom.min_x - 500, geom.min_y - 500), ==, -1);
  for (guint h = 0; h < title->n_hexes; h++)
    {
      const KolTileDef *tile = &title->tiles[engine->hexes[h].tile];
      double cx, cy, x, y, radius;

      kol_svg_board_hex_center (title, (int) h, &cx, &cy);
      g_assert_cmpfloat (cx, >=, geom.min_x);
      g_assert_cmpfloat (cy, <=, geom.min_y + geom.height);
      g_assert_cmpint (kol_svg_board_hex_at (title, cx, cy), ==, (int) h);
      g_assert_cmpint (kol_svg_board_hex_at (title, cx + 0.5 * A, cy + 0.2 * A), ==, (int) h);
      for (int e = 0; e < 6; e++)
        {
          kol_svg_board_edge_point (title, (int) h, e, &x, &y);
          g_assert_cmpfloat_with_epsilon (hypot (x - cx, y - cy), A, 0.01);
        }
      for (int n = 0; n < tile->n_nodes; n++)
        {
          g_assert_true (kol_svg_board_node_point (engine, (int) h, n, &x, &y));
          g_assert_cmpint (kol_svg_board_hex_at (title, x, y), ==, (int) h);
        }
      for (int s = 0; s < kol_tile_n_slots (tile); s++)
        {
          g_assert_true (kol_svg_board_slot_point (engine, (int) h, s, &x, &y, &radius));
          g_assert_cmpfloat (radius, >, 10);
          g_assert_cmpfloat (hypot (x - cx, y - cy) + radius, <, A);
        }
      g_assert_false (kol_svg_board_slot_point (engine, (int) h, kol_tile_n_slots (tile),
                                                &x, &y, &radius));
      for (int p = 0; p < tile->n_paths; p++)
        {
          g_autofree char *d = kol_svg_board_path_data (engine, (int) h, p);
          PathData path;

          parse_path (d, &path);
          g_assert_cmpint (path.cmd[0], ==, 'M');
          /* the start, a hair towards the centre, lies in the hex */
          double sx = path.args[0][0] + (cx - path.args[0][0]) * 0.01;
          double sy = path.args[0][1] + (cy - path.args[0][1]) * 0.01;

          g_assert_cmpint (kol_svg_board_hex_at (title, sx, sy), ==, (int) h);
        }
    }
  kol_engine_free (engine);
}

typedef struct
{
  int layers[4];
  int n;
} LayerLog;

static void
add_layer (GString                   *svg,
           KolSvgLayer                layer,
           const KolSvgBoardGeometry *geometry,
           gpointer                   user_data)
{
  LayerLog *log = user_data;

  g_assert_cmpint (log->n, <, 4);
  log->layers[log->n++] = layer;
  g_assert_cmpfloat (geometry->width, >, 0);
  g_string_append_printf (svg, "<g id=\"layer-%d\"/>\n", layer);
}

/* The views' layers come in order: under the hexes, over them but under
 * the tokens, on top. */
static void
test_layers (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4, NULL);
  KolEngine *engine = new_game (title);
  LayerLog log = { { 0 }, 0 };
  g_autofree char *svg = kol_svg_render_board (engine, NULL, add_layer, &log);
  const char *under = strstr (svg, "layer-0"), *over = strstr (svg, "layer-1");
  const char *top = strstr (svg, "layer-2");
  const char *hexes = strstr (svg, "<polygon"), *token = strstr (svg, ">IFT</text>");

  g_free (assert_well_formed (svg));
  g_assert_cmpint (log.n, ==, 3);
  g_assert_cmpint (log.layers[0], ==, KOL_SVG_LAYER_UNDER_TILES);
  g_assert_cmpint (log.layers[1], ==, KOL_SVG_LAYER_OVER_TILES);
  g_assert_cmpint (log.layers[2], ==, KOL_SVG_LAYER_TOP);
  g_assert_nonnull (under);
  g_assert_nonnull (token);
  g_assert_true (under < hexes && hexes < over && over < token && token < top);
  kol_engine_free (engine);
}

/* Home reservations and tokens are drawn in their slots, and left out on
 * request (1849: IFT's home is Catania, H12). */
static void
test_tokens (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4, NULL);
  KolEngine *engine = new_game (title);
  int corp = kol_title_corp_by_id (title, "IFT");
  int hex = kol_title_hex_by_id (title, "H12");
  KolSvgOptions opts;
  g_autofree char *reserved = kol_svg_render_hex (engine, hex, NULL);
  g_autofree char *placed = NULL;
  g_autofree char *bare = NULL;

  g_assert_cmpint (corp, >=, 0);
  g_assert_cmpint (hex, >=, 0);
  g_assert_nonnull (strstr (reserved, ">IFT</text>"));
  g_assert_null (strstr (reserved, "fill=\"#0189d1\""));
  g_assert_true (kol_board_place_token (engine, corp, 0, hex, 0, -1));
  placed = kol_svg_render_hex (engine, hex, NULL);
  g_assert_nonnull (strstr (placed, ">IFT</text>"));
  g_assert_nonnull (strstr (placed, "fill=\"#0189d1\""));
  kol_svg_options_init (&opts);
  opts.flags = KOL_SVG_NO_TOKENS;
  bare = kol_svg_render_hex (engine, hex, &opts);
  g_assert_null (strstr (bare, ">IFT</text>"));
  kol_engine_free (engine);
}

/* The Stadtbahn companies' starting tokens of 1840 appear on a fresh board
 * when asked for. */
static void
test_initial_tokens (void)
{
  g_autoptr(KolTitle) title = load_title ("1840", 5, NULL);
  KolEngine *engine = new_game (title);
  KolSvgOptions opts;
  g_autofree char *plain = NULL;
  g_autofree char *initial = NULL;
  int hex = kol_title_hex_by_id (title, "A17");

  kol_svg_options_init (&opts);
  plain = kol_svg_render_hex (engine, hex, &opts);
  opts.flags = KOL_SVG_INITIAL_TOKENS;
  initial = kol_svg_render_hex (engine, hex, &opts);
  /* the rules module places them at setup; without it the board is bare */
  if (!kol_board_hex_tokened_by (engine, hex, kol_title_corp_by_id (title, "G")))
    g_assert_null (strstr (plain, ">G</text>"));
  g_assert_nonnull (strstr (initial, ">G</text>"));
  g_assert_nonnull (strstr (initial, ">D</text>"));
  kol_engine_free (engine);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/svg/every-tile", test_every_tile);
  g_test_add_func ("/svg/boards", test_boards);
  g_test_add_func ("/svg/tile-sheets", test_tile_sheets);
  g_test_add_func ("/svg/deterministic", test_deterministic);
  g_test_add_func ("/svg/geometry/straight", test_straight);
  g_test_add_func ("/svg/geometry/curves", test_curves);
  g_test_add_func ("/svg/geometry/town-on-curve", test_town_on_curve);
  g_test_add_func ("/svg/geometry/six-rotations", test_six_rotations);
  g_test_add_func ("/svg/geometry/board", test_board_geometry);
  g_test_add_func ("/svg/layers", test_layers);
  g_test_add_func ("/svg/tokens", test_tokens);
  g_test_add_func ("/svg/initial-tokens", test_initial_tokens);
  /* last: GTest stops at the first failing case */
  g_test_add_func ("/svg/variants/board-1840-small", test_board_1840_small);

  return g_test_run ();
}
