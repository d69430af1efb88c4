/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kol-game-words.h"
#include "kol-svg-private.h"

/*
 * Hexes, boards and tile sheets, built on the tile layout of kol-svg-tile.c.
 * A board is drawn in stages over all hexes (hexes, then outlines and
 * borders, then tokens) so that nothing of one hex is painted over by its
 * neighbour; the views may add their own layers in between.
 */

#define DEFAULT_HEX_SIZE 50.0
#define MARGIN           12.0
#define AXIS_MARGIN      46.0
#define FONT_FAMILY      "DejaVu Sans, Verdana, Arial, sans-serif"
#define PARK_FILL        "#8fc46a"
#define BOARD_FILL       "#f4f0e6"
#define OUTLINE          "#3c3c3c"
#define GRID_LINE        "fill=\"none\" stroke=\"" OUTLINE "\" stroke-width=\"2\" " \
                         "stroke-linecap=\"round\""
#define IMPASSABLE       "#e0141c"
#define DEG              (G_PI / 180.0)
#define SYMBOL_EDGE      "stroke-width=\"1.5\" stroke-linejoin=\"round\""

/* What one hex shows: a tile, and the printed hex around it (NULL for a
 * tile on its own). */
typedef struct
{
  const KolTitle      *title;
  const KolHexDef     *hex;
  const KolTileDef    *tile;
  int                  rotation;
  const KolSvgOptions *opts;
} HexView;

/**
 * kol_svg_options_init:
 * @opts: options to reset
 *
 * Sets the defaults: hexes of circumradius 50, English, no flags.
 */
void
kol_svg_options_init (KolSvgOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->hex_size = DEFAULT_HEX_SIZE;
}

static const KolSvgOptions *
options_or_default (const KolSvgOptions *opts,
                    KolSvgOptions       *storage)
{
  if (opts != NULL)
    return opts;
  kol_svg_options_init (storage);
  return storage;
}

static double
output_scale (const KolSvgOptions *opts)
{
  return (opts->hex_size > 0 ? opts->hex_size : DEFAULT_HEX_SIZE) / KOL_SVG_R;
}

static const char *
pick_text (const KolText       *text,
           const KolSvgOptions *opts)
{
  return kol_game_word_text_in (text, opts->language);
}

static char *
format_money (const KolTitle      *title,
              int                  amount,
              const KolSvgOptions *opts)
{
  return kol_game_word_money_in (title, amount, opts->language);
}

static gboolean
has_tag (const KolHexDef *hex,
         const char      *tag)
{
  for (guint i = 0; hex != NULL && hex->tags != NULL && i < hex->tags->len; i++)
    if (g_strcmp0 (g_ptr_array_index (hex->tags, i), tag) == 0)
      return TRUE;
  return FALSE;
}

static KolSvgPt
spt (double x,
     double y)
{
  return (KolSvgPt) { x, y };
}

/* ------------------------------------------------------------ documents */

static void
doc_begin (GString             *out,
           double               min_x,
           double               min_y,
           double               width,
           double               height,
           const KolSvgOptions *opts)
{
  double scale = output_scale (opts);

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
  _kol_svg_num (out, width * scale);
  g_string_append (out, "\" height=\"");
  _kol_svg_num (out, height * scale);
  g_string_append (out, "\" viewBox=\"");
  _kol_svg_num (out, min_x);
  g_string_append_c (out, ' ');
  _kol_svg_num (out, min_y);
  g_string_append_c (out, ' ');
  _kol_svg_num (out, width);
  g_string_append_c (out, ' ');
  _kol_svg_num (out, height);
  g_string_append (out, "\" font-family=\"" FONT_FAMILY "\">\n");
  if (!(opts->flags & KOL_SVG_NO_BACKGROUND))
    {
      g_string_append (out, "<rect x=\"");
      _kol_svg_num (out, min_x);
      g_string_append (out, "\" y=\"");
      _kol_svg_num (out, min_y);
      g_string_append (out, "\" width=\"");
      _kol_svg_num (out, width);
      g_string_append (out, "\" height=\"");
      _kol_svg_num (out, height);
      g_string_append (out, "\" fill=\"" BOARD_FILL "\"/>\n");
    }
}

static void
group_begin (GString *out,
             double   x,
             double   y)
{
  g_string_append (out, "<g transform=\"translate(");
  _kol_svg_num (out, x);
  g_string_append_c (out, ' ');
  _kol_svg_num (out, y);
  g_string_append (out, ")\">\n");
}

/* ---------------------------------------------------------- hex symbols */

static void
polygon (GString        *out,
         const KolSvgPt *pts,
         int             n,
         const char     *attrs)
{
  g_string_append (out, "<polygon points=\"");
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      _kol_svg_pt (out, pts[i]);
    }
  g_string_append_printf (out, "\" %s/>\n", attrs);
}

/* Terrain symbols: mountains, hills, rough ground, water; drawn in a
 * 36 × 24 box centred on (x, y). */
static gboolean
draw_terrain_symbol (GString    *out,
                     const char *type,
                     double      x,
                     double      y)
{
  if (g_str_has_prefix (type, "mountain"))
    {
      KolSvgPt hill[] = { spt (x - 17, y + 11), spt (x, y - 12), spt (x + 17, y + 11) };
      KolSvgPt snow[] = { spt (x - 6, y - 3.5), spt (x, y - 12), spt (x + 6, y - 3.5),
                          spt (x + 2, y - 5), spt (x - 1.5, y - 2.5) };

      polygon (out, hill, 3, "fill=\"#8a5a33\" stroke=\"#3b2614\" " SYMBOL_EDGE);
      polygon (out, snow, 5, "fill=\"#fff\"");
      return TRUE;
    }
  if (g_str_has_prefix (type, "hill"))
    {
      KolSvgPt back[] = { spt (x - 4, y + 11), spt (x + 6, y - 5), spt (x + 17, y + 11) };
      KolSvgPt front[] = { spt (x - 17, y + 11), spt (x - 5, y - 8), spt (x + 7, y + 11) };

      polygon (out, back, 3, "fill=\"#b08850\" stroke=\"#4a3418\" " SYMBOL_EDGE);
      polygon (out, front, 3, "fill=\"#c9a266\" stroke=\"#4a3418\" " SYMBOL_EDGE);
      return TRUE;
    }
  if (g_str_has_prefix (type, "rough"))
    {
      KolSvgPt tri[] = { spt (x - 12, y + 10), spt (x, y - 6), spt (x + 12, y + 10) };

      polygon (out, tri, 3, "fill=\"#7c9a3c\" stroke=\"#33461a\" " SYMBOL_EDGE);
      return TRUE;
    }
  if (g_str_has_prefix (type, "water") || g_str_has_prefix (type, "river"))
    {
      for (int k = 0; k < 2; k++)
        {
          g_string_append (out, "<path d=\"M");
          _kol_svg_pt (out, spt (x - 15, y - 3 + 8 * k));
          g_string_append (out, "q3.75 -5 7.5 0t7.5 0t7.5 0t7.5 0\" fill=\"none\" "
                                "stroke=\"#1f6fc2\" stroke-width=\"3\" "
                                "stroke-linecap=\"round\"/>\n");
        }
      return TRUE;
    }
  return FALSE;
}

static gboolean
terrain_has_symbol (const char *type)
{
  static const char *const known[] = { "mountain", "hill", "rough", "water", "river" };

  for (gsize i = 0; type != NULL && i < G_N_ELEMENTS (known); i++)
    if (g_str_has_prefix (type, known[i]))
      return TRUE;
  return FALSE;
}

static const KolTileDef *
empty_tile (void)
{
  static const KolTileDef empty = { 0 };

  return &empty;
}

/* The terrain symbol with its cost; a cost without a known symbol (1840's
 * Stadtbahn hexes) in a small tag. */
static void
draw_terrain (GString          *out,
              KolSvgTileLayout *lay,
              const HexView    *v)
{
  const KolHexDef *hex = v->hex;
  KolSvgPt near = spt (0.55 * KOL_SVG_A * cos (60 * DEG), 0.55 * KOL_SVG_A * sin (60 * DEG));
  g_autofree char *cost = NULL;
  gboolean symbol;
  double size, tw;
  KolSvgBox box;

  if (hex == NULL || (hex->terrain == NULL && hex->terrain_cost == 0))
    return;
  /* a laid tile covers the printed terrain: its cost is paid */
  if (v->tile != empty_tile () && !v->tile->preprinted)
    return;
  symbol = terrain_has_symbol (hex->terrain);
  size = symbol ? 14.0 : 12.0;
  cost = hex->terrain_cost != 0 ? format_money (v->title, hex->terrain_cost, v->opts)
                                 : g_strdup ("");
  tw = _kol_svg_text_width (cost, size) + 6;
  if (symbol)
    {
      box = _kol_svg_place (lay, MAX (36, tw), cost[0] != '\0' ? 40 : 26, near, 0.3);
      draw_terrain_symbol (out, hex->terrain, box.x, box.y - (cost[0] != '\0' ? 7 : 0));
      if (cost[0] != '\0')
        _kol_svg_text (out, box.x, box.y + 12, size, "bold", "#000", cost);
      return;
    }
  if (cost[0] == '\0')
    return;
  box = _kol_svg_place (lay, tw + 2, 18, near, 0.3);
  g_string_append (out, "<rect x=\"");
  _kol_svg_num (out, box.x - tw / 2);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, box.y - 8.5);
  g_string_append (out, "\" width=\"");
  _kol_svg_num (out, tw);
  g_string_append (out, "\" height=\"17\" rx=\"4\" fill=\"#fff\" stroke=\"#000\" "
                        "stroke-width=\"1\"/>\n");
  _kol_svg_text (out, box.x, box.y, size, "bold", "#000", cost);
}

/* An anchor, for ports. */
static void
draw_anchor (GString          *out,
             KolSvgTileLayout *lay)
{
  KolSvgBox b = _kol_svg_place (lay, 26, 28, spt (0, -0.5 * KOL_SVG_A), 0.3);
  double x = b.x, y = b.y;

  g_string_append (out, "<path d=\"M");
  _kol_svg_pt (out, spt (x, y - 6));
  g_string_append (out, "V");
  _kol_svg_num (out, y + 11);
  g_string_append (out, "M");
  _kol_svg_pt (out, spt (x - 7, y - 2));
  g_string_append (out, "H");
  _kol_svg_num (out, x + 7);
  g_string_append (out, "M");
  _kol_svg_pt (out, spt (x - 11, y + 3));
  g_string_append (out, "Q");
  _kol_svg_pt (out, spt (x - 10, y + 12));
  g_string_append_c (out, ' ');
  _kol_svg_pt (out, spt (x, y + 12));
  g_string_append (out, "Q");
  _kol_svg_pt (out, spt (x + 10, y + 12));
  g_string_append_c (out, ' ');
  _kol_svg_pt (out, spt (x + 11, y + 3));
  g_string_append (out, "\" fill=\"none\" stroke=\"#0b2a55\" stroke-width=\"2.6\" "
                        "stroke-linecap=\"round\"/>\n");
  g_string_append (out, "<circle cx=\"");
  _kol_svg_num (out, x);
  g_string_append (out, "\" cy=\"");
  _kol_svg_num (out, y - 9.5);
  g_string_append (out, "\" r=\"3.5\" fill=\"none\" stroke=\"#0b2a55\" stroke-width=\"2.4\"/>\n");
}

/* Splits a long name into two lines at the space nearest its middle. */
static int
split_name (const char *name,
            double      size,
            double      max_width,
            char      **lines)
{
  const char *best = NULL;
  glong middle = g_utf8_strlen (name, -1) / 2;
  glong best_d = G_MAXLONG;
  glong i = 0;

  lines[0] = g_strdup (name);
  lines[1] = NULL;
  if (_kol_svg_text_width (name, size) <= max_width)
    return 1;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p), i++)
    if (*p == ' ' && ABS (i - middle) < best_d)
      {
        best_d = ABS (i - middle);
        best = p;
      }
  if (best == NULL)
    return 1;
  g_free (lines[0]);
  lines[0] = g_strndup (name, best - name);
  lines[1] = g_strdup (best + 1);
  return 2;
}

static void
draw_name (GString          *out,
           KolSvgTileLayout *lay,
           const char       *name)
{
  char *lines[2] = { NULL, NULL };
  double size = 15.0, width = 0.0;
  int n_lines = split_name (name, size, 118.0, lines);
  KolSvgBox box;

  for (int i = 0; i < n_lines; i++)
    {
      double line_width = _kol_svg_text_width (lines[i], size);

      width = MAX (width, line_width);
    }
  if (width > 124.0)
    {
      size = MAX (10.0, size * 124.0 / width);
      width = 124.0;
    }
  box = _kol_svg_place (lay, width + 2, n_lines * size * 1.1, spt (0, 0.66 * KOL_SVG_A), 0.35);
  for (int i = 0; i < n_lines; i++)
    _kol_svg_text_halo (out, box.x, box.y - box.h / 2 + size * 1.1 * (i + 0.5), size, NULL, "#000",
                        lay->bg, lines[i]);
  g_free (lines[0]);
  g_free (lines[1]);
}

static void
draw_coords (GString          *out,
             KolSvgTileLayout *lay,
             const char       *id)
{
  KolSvgPt corner = spt (0.68 * KOL_SVG_A * cos (250 * DEG), 0.68 * KOL_SVG_A * sin (250 * DEG));
  KolSvgBox box = _kol_svg_place (lay, _kol_svg_text_width (id, 11), 11, corner, 1.0);

  _kol_svg_text (out, box.x, box.y, 11, NULL, "#333", id);
}

/* ------------------------------------------------------------------ hexes */

static KolColor
view_color (const HexView *v)
{
  if (v->hex != NULL && v->tile->preprinted)
    return (KolColor) v->hex->color;
  return (KolColor) v->tile->color;
}

/* Printed red hexes that still take tiles (1840's city centre) are light
 * with a red edge, unlike the red off-board areas. */
static gboolean
view_light (const HexView *v)
{
  return v->hex != NULL && v->tile->preprinted && view_color (v) == KOL_COLOR_RED &&
         v->tile->upgrade_policy != KOL_UPGRADE_NONE;
}

static void
draw_view (GString             *out,
           const HexView       *v)
{
  KolLayout layout = v->title->grid.layout;
  KolSvgTileLayout lay;
  const char *frame = v->tile->frame;
  g_autoptr(GPtrArray) icons = g_ptr_array_new ();
  const char *name;

  if (frame == NULL && v->hex != NULL)
    frame = v->hex->frame;
  _kol_svg_layout_tile (&lay, v->title, v->tile, v->rotation, layout);
  _kol_svg_draw_background (out, &lay, view_color (v), has_tag (v->hex, "park") ? PARK_FILL : NULL,
                            frame, view_light (v));
  if (frame != NULL)
    _kol_svg_draw_frame (out, layout, frame);
  _kol_svg_draw_tile_body (out, &lay);
  _kol_svg_draw_tile_items (out, &lay);
  draw_terrain (out, &lay, v);

  for (guint i = 0; v->tile->icons != NULL && i < v->tile->icons->len; i++)
    g_ptr_array_add (icons, g_ptr_array_index (v->tile->icons, i));
  for (guint i = 0; v->hex != NULL && v->hex->icons != NULL && i < v->hex->icons->len; i++)
    g_ptr_array_add (icons, g_ptr_array_index (v->hex->icons, i));
  _kol_svg_draw_icons (out, &lay, icons);

  if (has_tag (v->hex, "port"))
    draw_anchor (out, &lay);
  name = v->hex != NULL ? pick_text (&v->hex->name, v->opts) : NULL;
  if (name != NULL && name[0] != '\0' && !(v->opts->flags & KOL_SVG_NO_NAMES))
    draw_name (out, &lay, name);
  if (v->hex != NULL && (v->opts->flags & KOL_SVG_COORDS))
    draw_coords (out, &lay, v->hex->id);
}

static HexView
game_view (const KolEngine     *engine,
           int                  hex,
           const KolSvgOptions *opts)
{
  const KolTitle *title = engine->title;
  int t = engine->hexes[hex].tile;
  HexView v = { title, &title->hexes[hex], NULL, engine->hexes[hex].rotation, opts };

  v.tile = t >= 0 && (guint) t < title->n_tiles ? &title->tiles[t] : empty_tile ();
  return v;
}

/* Edge e runs from corner e - 1 to corner e. */
static void
edge_line (GString  *out,
           KolLayout layout,
           int       edge,
           double    x,
           double    y)
{
  KolSvgPt a = _kol_svg_corner (layout, (edge + 5) % 6);
  KolSvgPt b = _kol_svg_corner (layout, edge);

  g_string_append (out, "M");
  _kol_svg_pt (out, spt (a.x + x, a.y + y));
  g_string_append (out, "L");
  _kol_svg_pt (out, spt (b.x + x, b.y + y));
}

/* Drawn-only borders join two hexes into one area, as 18xx.games does: the
 * grid line between them is left out. */
static gboolean
edge_merged (const KolTitle *title,
             int             hex,
             int             edge)
{
  const KolHexDef *def = &title->hexes[hex];
  int nb = def->neighbors[edge];
  guint8 mine = def->borders & ~def->impassable;

  if (mine & (1u << edge))
    return TRUE;
  if (nb >= 0 && (guint) nb < title->n_hexes)
    {
      const KolHexDef *other = &title->hexes[nb];
      int back = kol_hex_invert (edge);

      return ((other->borders & ~other->impassable) & (1u << back)) != 0;
    }
  return FALSE;
}

/* The grid lines of @hex; on a board each shared edge once (@board). */
static void
outline_edges (GString        *out,
               const KolTitle *title,
               int             hex,
               gboolean        board,
               double          x,
               double          y)
{
  for (int e = 0; e < 6; e++)
    {
      int nb = title->hexes[hex].neighbors[e];

      if (edge_merged (title, hex, e) || (board && nb >= 0 && nb < hex))
        continue;
      edge_line (out, title->grid.layout, e, x, y);
    }
}

static void
draw_impassable (GString       *out,
                 const HexView *v,
                 double         x,
                 double         y)
{
  if (v->hex->impassable == 0)
    return;
  g_string_append (out, "<path d=\"");
  for (int e = 0; e < 6; e++)
    if (v->hex->impassable & (1u << e))
      edge_line (out, v->title->grid.layout, e, x, y);
  g_string_append (out, "\" stroke=\"" IMPASSABLE "\" stroke-width=\"9\" "
                        "stroke-linecap=\"round\"/>\n");
}

/* -------------------------------------------------------------- tokens */

static void
token_label (GString    *out,
             double      x,
             double      y,
             double      r,
             const char *fill,
             const char *id)
{
  double id_width = _kol_svg_text_width (id, 1.0);
  double fitting = (2 * r - 7) / MAX (1.0, id_width);
  double size = MIN (15.0, fitting);

  _kol_svg_text (out, x, y, size, "bold", fill, id);
}

static void
draw_token (GString          *out,
            const KolCorpDef *corp,
            KolSvgPt          at,
            double            r)
{
  const char *color = corp->color != NULL ? corp->color : "#888888";
  const char *text = corp->text_color != NULL ? corp->text_color : _kol_svg_text_color (color);
  g_autofree char *fill = g_markup_escape_text (color, -1);
  g_autofree char *ink = g_markup_escape_text (text, -1);

  g_string_append (out, "<circle cx=\"");
  _kol_svg_num (out, at.x);
  g_string_append (out, "\" cy=\"");
  _kol_svg_num (out, at.y);
  g_string_append (out, "\" r=\"");
  _kol_svg_num (out, r - 2.5);
  g_string_append_printf (out, "\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\"/>\n", fill);
  token_label (out, at.x, at.y, r - 2.5, ink, corp->id);
}

/* A home reservation: a ring in the corporation's colour (its text colour
 * when that colour would vanish on white) around its id. */
static void
draw_reservation (GString          *out,
                  const KolCorpDef *corp,
                  KolSvgPt          at,
                  double            r)
{
  const char *color = corp->color != NULL ? corp->color : "#888888";
  g_autofree char *ring = NULL;

  if (strcmp (_kol_svg_text_color (color), "#000") == 0 && corp->text_color != NULL &&
      g_ascii_strcasecmp (color, "#ffffff") == 0)
    color = corp->text_color;
  ring = g_markup_escape_text (color, -1);
  g_string_append (out, "<circle cx=\"");
  _kol_svg_num (out, at.x);
  g_string_append (out, "\" cy=\"");
  _kol_svg_num (out, at.y);
  g_string_append (out, "\" r=\"");
  _kol_svg_num (out, r - 5);
  g_string_append_printf (out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"4.5\"/>\n", ring);
  token_label (out, at.x, at.y, r - 8, "#000", corp->id);
}

static gboolean
corp_on_board (const KolEngine *engine,
               int              corp)
{
  for (int i = 0; i < engine->corps[corp].n_tokens; i++)
    if (engine->corps[corp].tokens[i].hex >= 0)
      return TRUE;
  return FALSE;
}

/* The tokens in each slot of @hex, with the title's initial tokens of
 * corporations not yet on the board when asked for. */
static void
slot_tokens (const KolEngine     *engine,
             int                  hex,
             const KolSvgOptions *opts,
             gint16              *tokens)
{
  const KolTitle *title = engine->title;
  const KolTileDef *tile = game_view (engine, hex, opts).tile;

  memcpy (tokens, engine->hexes[hex].slot_token, sizeof engine->hexes[hex].slot_token);
  if (!(opts->flags & KOL_SVG_INITIAL_TOKENS))
    return;
  for (guint c = 0; c < title->n_corps && c < KOL_MAX_CORPS; c++)
    {
      GArray *initial = title->corps[c].initial_tokens;

      if (initial == NULL || engine->corps[c].removed || corp_on_board (engine, (int) c))
        continue;
      for (guint i = 0; i < initial->len; i++)
        {
          const KolInitialToken *it = &g_array_index (initial, KolInitialToken, i);
          int base = kol_tile_city_slot_base (tile, it->city);
          int node = kol_tile_city_node (tile, it->city);

          if (it->hex != hex || base < 0 || node < 0)
            continue;
          for (int s = base; s < base + tile->nodes[node].slots && s < KOL_MAX_HEX_SLOTS; s++)
            if (tokens[s] < 0)
              {
                tokens[s] = KOL_TOKEN_ID (c, MIN (i, KOL_MAX_CORP_TOKENS - 1));
                break;
              }
        }
    }
}

static void
draw_hex_tokens (GString             *out,
                 const KolEngine     *engine,
                 int                  hex,
                 const KolSvgOptions *opts)
{
  const KolTitle *title = engine->title;
  HexView v = game_view (engine, hex, opts);
  KolSvgTileLayout lay;
  gint16 tokens[KOL_MAX_HEX_SLOTS];

  _kol_svg_layout_tile (&lay, title, v.tile, v.rotation, title->grid.layout);
  slot_tokens (engine, hex, opts, tokens);
  for (int n = 0; n < v.tile->n_nodes; n++)
    {
      const KolSvgNode *node = &lay.nodes[n];
      int base;

      if (v.tile->nodes[n].kind != KOL_NODE_CITY)
        continue;
      base = kol_tile_city_slot_base (v.tile, v.tile->nodes[n].city_index);
      for (int s = 0; s < node->n_slots && base >= 0 && base + s < KOL_MAX_HEX_SLOTS; s++)
        {
          int token = tokens[base + s];
          int reserved = engine->hexes[hex].slot_reserved[base + s];

          if (token >= 0 && (guint) KOL_TOKEN_CORP (token) < title->n_corps)
            draw_token (out, &title->corps[KOL_TOKEN_CORP (token)], node->slots[s], node->slot_r);
          else if (reserved >= 0 && (guint) reserved < title->n_corps)
            draw_reservation (out, &title->corps[reserved], node->slots[s], node->slot_r);
        }
    }
}

/* ------------------------------------------------------------------ pieces */

/**
 * kol_svg_append_tile:
 * @svg: where to append
 * @title: the title (track styles, phases)
 * @tile: the tile
 * @rotation: 0..5
 * @opts: (nullable): options
 *
 * Appends @tile at @rotation centred on 0,0: colour, track, cities, towns,
 * revenue, label, frame and icons.
 */
void
kol_svg_append_tile (GString             *svg,
                     const KolTitle      *title,
                     const KolTileDef    *tile,
                     int                  rotation,
                     const KolSvgOptions *opts)
{
  KolSvgOptions storage;
  HexView v = { title, NULL, tile, rotation, options_or_default (opts, &storage) };

  g_return_if_fail (svg != NULL && title != NULL && tile != NULL);
  draw_view (svg, &v);
}

/**
 * kol_svg_append_hex:
 * @svg: where to append
 * @engine: the game
 * @hex: a hex index
 * @opts: (nullable): options
 *
 * Appends @hex as it is now, centred on 0,0: its tile at its rotation, the
 * printed terrain, name and symbols, its outline and borders, and (unless
 * %KOL_SVG_NO_TOKENS) its tokens and reservations.
 */
void
kol_svg_append_hex (GString             *svg,
                    const KolEngine     *engine,
                    int                  hex,
                    const KolSvgOptions *opts)
{
  KolSvgOptions storage;
  HexView v;

  g_return_if_fail (svg != NULL && engine != NULL);
  g_return_if_fail (hex >= 0 && (guint) hex < engine->title->n_hexes);
  opts = options_or_default (opts, &storage);
  v = game_view (engine, hex, opts);
  draw_view (svg, &v);
  g_string_append (svg, "<path d=\"");
  outline_edges (svg, engine->title, hex, FALSE, 0, 0);
  g_string_append (svg, "\" " GRID_LINE "/>\n");
  draw_impassable (svg, &v, 0, 0);
  if (!(opts->flags & KOL_SVG_NO_TOKENS))
    draw_hex_tokens (svg, engine, hex, opts);
}

/* A document holding one hex-sized picture. */
static char *
single_hex_document (KolLayout            layout,
                     const KolSvgOptions *opts,
                     GString             *body)
{
  GString *out = g_string_sized_new (body->len + 512);
  double pad = 5.0;
  double hw = (layout == KOL_LAYOUT_FLAT ? KOL_SVG_R : KOL_SVG_A) + pad;
  double hh = (layout == KOL_LAYOUT_FLAT ? KOL_SVG_A : KOL_SVG_R) + pad;

  doc_begin (out, -hw, -hh, 2 * hw, 2 * hh, opts);
  g_string_append_len (out, body->str, body->len);
  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}

/**
 * kol_svg_render_tile:
 * @title: the title
 * @tile: a tile def index
 * @rotation: 0..5
 * @opts: (nullable): options
 *
 * Returns: (transfer full) (nullable): an SVG document of the tile alone,
 * or %NULL if @tile is out of range.
 */
char *
kol_svg_render_tile (const KolTitle      *title,
                     int                  tile,
                     int                  rotation,
                     const KolSvgOptions *opts)
{
  KolSvgOptions storage;
  g_autoptr(GString) body = g_string_sized_new (4096);

  g_return_val_if_fail (title != NULL, NULL);
  if (tile < 0 || (guint) tile >= title->n_tiles)
    return NULL;
  opts = options_or_default (opts, &storage);
  kol_svg_append_tile (body, title, &title->tiles[tile], rotation, opts);
  g_string_append (body, "<polygon points=\"");
  _kol_svg_hex_polygon (body, title->grid.layout, 1.0);
  g_string_append (body, "\" fill=\"none\" stroke=\"" OUTLINE "\" stroke-width=\"2\"/>\n");
  return single_hex_document (title->grid.layout, opts, body);
}

/**
 * kol_svg_render_hex:
 * @engine: the game
 * @hex: a hex index
 * @opts: (nullable): options
 *
 * The picture of one hex as it is now, for a view to rasterize and cache
 * (keyed by hex, tile, rotation and size; ask for %KOL_SVG_NO_TOKENS to
 * draw tokens separately).
 *
 * Returns: (transfer full) (nullable): an SVG document, or %NULL if @hex is
 * out of range.
 */
char *
kol_svg_render_hex (const KolEngine     *engine,
                    int                  hex,
                    const KolSvgOptions *opts)
{
  KolSvgOptions storage;
  g_autoptr(GString) body = g_string_sized_new (4096);

  g_return_val_if_fail (engine != NULL, NULL);
  if (hex < 0 || (guint) hex >= engine->title->n_hexes)
    return NULL;
  opts = options_or_default (opts, &storage);
  kol_svg_append_hex (body, engine, hex, opts);
  return single_hex_document (engine->title->grid.layout, opts, body);
}

/* ------------------------------------------------------------------ board */

static void
hex_extent (KolLayout layout,
            double   *hw,
            double   *hh)
{
  *hw = layout == KOL_LAYOUT_FLAT ? KOL_SVG_R : KOL_SVG_A;
  *hh = layout == KOL_LAYOUT_FLAT ? KOL_SVG_A : KOL_SVG_R;
}

/**
 * kol_svg_board_geometry:
 * @title: the title
 * @opts: (nullable): options
 * @geometry: (out caller-allocates): the geometry
 *
 * Where the board lies in the document kol_svg_render_board() makes with
 * the same options.
 */
void
kol_svg_board_geometry (const KolTitle      *title,
                        const KolSvgOptions *opts,
                        KolSvgBoardGeometry *geometry)
{
  KolSvgOptions storage;
  double min_x = 0, min_y = 0, max_x = 0, max_y = 0, hw, hh, margin;

  g_return_if_fail (title != NULL && geometry != NULL);
  opts = options_or_default (opts, &storage);
  hex_extent (title->grid.layout, &hw, &hh);
  for (guint h = 0; h < title->n_hexes; h++)
    {
      double x, y;

      kol_svg_board_hex_center (title, (int) h, &x, &y);
      min_x = h == 0 ? x - hw : MIN (min_x, x - hw);
      max_x = h == 0 ? x + hw : MAX (max_x, x + hw);
      min_y = h == 0 ? y - hh : MIN (min_y, y - hh);
      max_y = h == 0 ? y + hh : MAX (max_y, y + hh);
    }
  margin = opts->flags & KOL_SVG_AXES ? AXIS_MARGIN : MARGIN;
  geometry->layout = title->grid.layout;
  geometry->min_x = min_x - margin;
  geometry->min_y = min_y - margin;
  geometry->width = max_x - min_x + 2 * margin;
  geometry->height = max_y - min_y + 2 * margin;
  geometry->scale = output_scale (opts);
}

/* Coordinate letters as the ids write them: A..Z, AA..AZ, a..z before A. */
static char *
axis_label (KolAxis axis,
            int     value)
{
  if (axis == KOL_AXIS_NUMBER)
    return g_strdup_printf ("%d", value + 1);
  if (value >= 26)
    return g_strdup_printf ("A%c", 'A' + value - 26);
  if (value >= 0)
    return g_strdup_printf ("%c", 'A' + value);
  return g_strdup_printf ("%c", 'a' - value - 1);
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The distinct values of one coordinate, sorted. */
static GArray *
axis_values (const KolTitle *title,
             gboolean        x_axis)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint h = 0; h < title->n_hexes; h++)
    {
      int v = x_axis ? title->hexes[h].x : title->hexes[h].y;
      gboolean seen = FALSE;

      for (guint i = 0; i < values->len && !seen; i++)
        seen = g_array_index (values, int, i) == v;
      if (!seen)
        g_array_append_val (values, v);
    }
  g_array_sort (values, compare_ints);
  return values;
}

/* Letters and numbers around the board, as printed maps have them. */
static void
draw_axes (GString                   *out,
           const KolTitle            *title,
           const KolSvgBoardGeometry *geom)
{
  double unit_x, unit_y;
  g_autoptr(GArray) xs = axis_values (title, TRUE);
  g_autoptr(GArray) ys = axis_values (title, FALSE);

  kol_hex_center (&title->grid, 1, 1, &unit_x, &unit_y);
  for (guint i = 0; i < xs->len; i++)
    {
      int v = g_array_index (xs, int, i);
      g_autofree char *label = axis_label (title->grid.x, v);
      double x = v * unit_x * KOL_SVG_R;

      double bottom = geom->min_y + geom->height - AXIS_MARGIN / 2;

      _kol_svg_text (out, x, geom->min_y + AXIS_MARGIN / 2, 18, "bold", "#555", label);
      _kol_svg_text (out, x, bottom, 18, "bold", "#555", label);
    }
  for (guint i = 0; i < ys->len; i++)
    {
      int v = g_array_index (ys, int, i);
      g_autofree char *label = axis_label (title->grid.y, v);
      double y = v * unit_y * KOL_SVG_R;

      double right = geom->min_x + geom->width - AXIS_MARGIN / 2;

      _kol_svg_text (out, geom->min_x + AXIS_MARGIN / 2, y, 18, "bold", "#555", label);
      _kol_svg_text (out, right, y, 18, "bold", "#555", label);
    }
}

static void
board_hexes (GString             *out,
             const KolEngine     *engine,
             const KolSvgOptions *opts)
{
  const KolTitle *title = engine->title;

  for (guint h = 0; h < title->n_hexes; h++)
    {
      HexView v = game_view (engine, (int) h, opts);
      double x, y;

      kol_svg_board_hex_center (title, (int) h, &x, &y);
      group_begin (out, x, y);
      draw_view (out, &v);
      g_string_append (out, "</g>\n");
    }
  g_string_append (out, "<path d=\"");
  for (guint h = 0; h < title->n_hexes; h++)
    {
      double x, y;

      kol_svg_board_hex_center (title, (int) h, &x, &y);
      outline_edges (out, title, (int) h, TRUE, x, y);
    }
  g_string_append (out, "\" " GRID_LINE "/>\n");
  for (guint h = 0; h < title->n_hexes; h++)
    {
      HexView v = game_view (engine, (int) h, opts);
      double x, y;

      kol_svg_board_hex_center (title, (int) h, &x, &y);
      draw_impassable (out, &v, x, y);
    }
}

static void
board_tokens (GString             *out,
              const KolEngine     *engine,
              const KolSvgOptions *opts)
{
  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      double x, y;

      kol_svg_board_hex_center (engine->title, (int) h, &x, &y);
      group_begin (out, x, y);
      draw_hex_tokens (out, engine, (int) h, opts);
      g_string_append (out, "</g>\n");
    }
}

/**
 * kol_svg_render_board:
 * @engine: the game
 * @opts: (nullable): options
 * @layer_func: (nullable) (scope call): adds the caller's layers
 * @user_data: data for @layer_func
 *
 * The whole board: every hex at its current tile and rotation, with
 * terrain, names, borders, reservations and tokens.
 *
 * Returns: (transfer full): an SVG document
 */
char *
kol_svg_render_board (const KolEngine     *engine,
                      const KolSvgOptions *opts,
                      KolSvgLayerFunc      layer_func,
                      gpointer             user_data)
{
  KolSvgOptions storage;
  KolSvgBoardGeometry geom;
  GString *out;

  g_return_val_if_fail (engine != NULL, NULL);
  opts = options_or_default (opts, &storage);
  kol_svg_board_geometry (engine->title, opts, &geom);
  out = g_string_sized_new (engine->title->n_hexes * 3000 + 1024);
  doc_begin (out, geom.min_x, geom.min_y, geom.width, geom.height, opts);
  if (layer_func != NULL)
    layer_func (out, KOL_SVG_LAYER_UNDER_TILES, &geom, user_data);
  board_hexes (out, engine, opts);
  if (layer_func != NULL)
    layer_func (out, KOL_SVG_LAYER_OVER_TILES, &geom, user_data);
  if (!(opts->flags & KOL_SVG_NO_TOKENS))
    board_tokens (out, engine, opts);
  if (opts->flags & KOL_SVG_AXES)
    draw_axes (out, engine->title, &geom);
  if (layer_func != NULL)
    layer_func (out, KOL_SVG_LAYER_TOP, &geom, user_data);
  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------ tile sheet */

#define SHEET_COLUMNS 8
#define SHEET_GAP     34.0
#define SHEET_CAPTION 34.0
#define SHEET_HEADING 56.0

static const char *
color_title (KolColor color)
{
  /* Translators: headings of the tile sheet, the tiles of one colour
   * (“Yellow — types: 17, tiles: 72”). */
  static const char *const names[KOL_N_COLORS] = {
    [KOL_COLOR_WHITE] = N_("White"),
    [KOL_COLOR_YELLOW] = N_("Yellow"),
    [KOL_COLOR_GREEN] = N_("Green"),
    [KOL_COLOR_BROWN] = N_("Brown"),
    [KOL_COLOR_GRAY] = N_("Gray"),
    [KOL_COLOR_RED] = N_("Red"),
    [KOL_COLOR_PURPLE] = N_("Purple"),
    [KOL_COLOR_BLUE] = N_("Blue"),
  };

  return (guint) color < KOL_N_COLORS ? _(names[color]) : "";
}

/* Colours in the title's upgrade order, then the rest. */
static int
sheet_colors (const KolTitle *title,
              KolColor       *order)
{
  int n = 0;

  for (int i = 0; i < title->n_colors && n < KOL_N_COLORS; i++)
    order[n++] = (KolColor) title->tile_colors[i];
  for (int c = 0; c < KOL_N_COLORS; c++)
    {
      gboolean seen = FALSE;

      for (int i = 0; i < n; i++)
        seen = seen || order[i] == (KolColor) c;
      if (!seen)
        order[n++] = (KolColor) c;
    }
  return n;
}

static void
sheet_caption (GString          *out,
               const KolTileDef *tile,
               double            x,
               double            y)
{
  g_autofree char *count = tile->count < 0 ? g_strdup ("×∞")
                                            : g_strdup_printf ("×%d", tile->count);
  g_autofree char *caption = g_strdup_printf ("%s  %s", tile->id != NULL ? tile->id : "?", count);

  _kol_svg_text (out, x, y, 20, "bold", "#222", caption);
}

/* One colour's heading and tiles; returns the height used. */
static double
sheet_group (GString             *out,
             const KolTitle      *title,
             KolColor             color,
             double               top,
             const KolSvgOptions *opts)
{
  double hw, hh, cell_w, cell_h;
  int types = 0, copies = 0, col = 0;
  double y = top + SHEET_HEADING;
  g_autofree char *heading = NULL;

  hex_extent (title->grid.layout, &hw, &hh);
  cell_w = 2 * hw + SHEET_GAP;
  cell_h = 2 * hh + SHEET_CAPTION + SHEET_GAP / 2;
  for (guint t = 0; t < title->n_manifest_tiles; t++)
    if (title->tiles[t].color == color)
      {
        types++;
        copies += MAX (0, title->tiles[t].count);
      }
  if (types == 0)
    return 0.0;

  /* Translators: a heading of the tile sheet: a tile colour, then how many
   * kinds of tiles and how many tiles in all. */
  heading = g_strdup_printf (_("%s — types: %d, tiles: %d"), color_title (color), types, copies);
  g_string_append (out, "<text x=\"0\" y=\"");
  _kol_svg_num (out, top + SHEET_HEADING * 0.62);
  g_string_append (out, "\" font-size=\"26\" font-weight=\"bold\" fill=\"#222\">");
  g_string_append_printf (out, "%s</text>\n", heading);

  for (guint t = 0; t < title->n_manifest_tiles; t++)
    {
      const KolTileDef *tile = &title->tiles[t];
      double cx = col * cell_w + hw, cy = y + hh;

      if (tile->color != color)
        continue;
      group_begin (out, cx, cy);
      kol_svg_append_tile (out, title, tile, 0, opts);
      g_string_append (out, "<polygon points=\"");
      _kol_svg_hex_polygon (out, title->grid.layout, 1.0);
      g_string_append (out, "\" fill=\"none\" stroke=\"" OUTLINE "\" stroke-width=\"2\"/>\n</g>\n");
      sheet_caption (out, tile, cx, cy + hh + SHEET_CAPTION / 2 + 2);
      if (++col == SHEET_COLUMNS)
        {
          col = 0;
          y += cell_h;
        }
    }
  if (col > 0)
    y += cell_h;
  return y - top;
}

/**
 * kol_svg_render_tile_sheet:
 * @title: the title
 * @opts: (nullable): options
 *
 * Every tile of the manifest in a grid, grouped by colour in upgrade order,
 * each with its id and how many copies the box has.
 *
 * Returns: (transfer full): an SVG document
 */
char *
kol_svg_render_tile_sheet (const KolTitle      *title,
                           const KolSvgOptions *opts)
{
  KolSvgOptions storage;
  g_autoptr(GString) body = g_string_sized_new (title != NULL ? title->n_manifest_tiles * 3000 : 0);
  GString *out;
  KolColor order[KOL_N_COLORS];
  int n_order;
  double hw, hh, y = 0.0, width;

  g_return_val_if_fail (title != NULL, NULL);
  opts = options_or_default (opts, &storage);
  hex_extent (title->grid.layout, &hw, &hh);
  n_order = sheet_colors (title, order);
  for (int i = 0; i < n_order; i++)
    y += sheet_group (body, title, order[i], y, opts);

  width = SHEET_COLUMNS * (2 * hw + SHEET_GAP) - SHEET_GAP;
  out = g_string_sized_new (body->len + 1024);
  doc_begin (out, -2 * MARGIN, -2 * MARGIN, width + 4 * MARGIN, MAX (y, 1.0) + 4 * MARGIN, opts);
  g_string_append_len (out, body->str, body->len);
  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------- geometry */

/**
 * kol_svg_board_hex_center:
 * @title: the title
 * @hex: a hex index
 * @x: (out): user-space x
 * @y: (out): user-space y
 */
void
kol_svg_board_hex_center (const KolTitle *title,
                          int             hex,
                          double         *x,
                          double         *y)
{
  double cx = 0, cy = 0;

  g_return_if_fail (title != NULL && hex >= 0 && (guint) hex < title->n_hexes);
  kol_hex_center (&title->grid, title->hexes[hex].x, title->hexes[hex].y, &cx, &cy);
  *x = cx * KOL_SVG_R;
  *y = cy * KOL_SVG_R;
}

/**
 * kol_svg_board_hex_at:
 * @title: the title
 * @x: user-space x
 * @y: user-space y
 *
 * Returns: the index of the hex containing the point, or -1.
 */
int
kol_svg_board_hex_at (const KolTitle *title,
                      double          x,
                      double          y)
{
  g_return_val_if_fail (title != NULL, -1);
  for (guint h = 0; h < title->n_hexes; h++)
    {
      double cx, cy;
      gboolean inside = TRUE;

      kol_svg_board_hex_center (title, (int) h, &cx, &cy);
      for (int e = 0; e < 6 && inside; e++)
        {
          double a = kol_hex_edge_angle (title->grid.layout, e) * DEG;

          inside = (x - cx) * cos (a) + (y - cy) * sin (a) <= KOL_SVG_A;
        }
      if (inside)
        return (int) h;
    }
  return -1;
}

/**
 * kol_svg_edge_point:
 * @layout: flat or pointy
 * @edge: 0..5
 * @x: (out): hex-local x of the middle of @edge
 * @y: (out): hex-local y
 */
void
kol_svg_edge_point (KolLayout layout,
                    int       edge,
                    double   *x,
                    double   *y)
{
  KolSvgPt p = _kol_svg_edge_mid (layout, edge);

  *x = p.x;
  *y = p.y;
}

/**
 * kol_svg_board_edge_point:
 *
 * The middle of @edge of @hex in user space.
 */
void
kol_svg_board_edge_point (const KolTitle *title,
                          int             hex,
                          int             edge,
                          double         *x,
                          double         *y)
{
  double cx, cy, ex, ey;

  kol_svg_board_hex_center (title, hex, &cx, &cy);
  kol_svg_edge_point (title->grid.layout, edge, &ex, &ey);
  *x = cx + ex;
  *y = cy + ey;
}

/**
 * kol_svg_tile_node_point:
 *
 * Returns: %TRUE and the hex-local centre of @node, if it exists.
 */
gboolean
kol_svg_tile_node_point (const KolTitle   *title,
                         const KolTileDef *tile,
                         int               rotation,
                         int               node,
                         double           *x,
                         double           *y)
{
  KolSvgTileLayout lay;

  g_return_val_if_fail (title != NULL && tile != NULL, FALSE);
  if (node < 0 || node >= tile->n_nodes)
    return FALSE;
  _kol_svg_layout_tile (&lay, title, tile, rotation, title->grid.layout);
  *x = lay.nodes[node].pos.x;
  *y = lay.nodes[node].pos.y;
  return TRUE;
}

static char *
path_data (const KolTitle   *title,
           const KolTileDef *tile,
           int               rotation,
           int               path,
           double            dx,
           double            dy)
{
  KolSvgTileLayout lay;
  GString *out;

  if (path < 0 || path >= tile->n_paths)
    return NULL;
  _kol_svg_layout_tile (&lay, title, tile, rotation, title->grid.layout);
  out = g_string_new (NULL);
  _kol_svg_seg_data (out, &lay.segs[path], dx, dy);
  return g_string_free (out, FALSE);
}

/**
 * kol_svg_tile_path_data:
 *
 * Returns: (transfer full) (nullable): the hex-local SVG path data of path
 * @path, or %NULL if it does not exist.
 */
char *
kol_svg_tile_path_data (const KolTitle   *title,
                        const KolTileDef *tile,
                        int               rotation,
                        int               path)
{
  g_return_val_if_fail (title != NULL && tile != NULL, NULL);
  return path_data (title, tile, rotation, path, 0, 0);
}

/**
 * kol_svg_board_node_point:
 *
 * Returns: %TRUE and the user-space centre of @node of the tile on @hex.
 */
gboolean
kol_svg_board_node_point (const KolEngine *engine,
                          int              hex,
                          int              node,
                          double          *x,
                          double          *y)
{
  KolSvgOptions opts;
  HexView v;
  double cx, cy;

  g_return_val_if_fail (engine != NULL, FALSE);
  if (hex < 0 || (guint) hex >= engine->title->n_hexes)
    return FALSE;
  kol_svg_options_init (&opts);
  v = game_view (engine, hex, &opts);
  if (!kol_svg_tile_node_point (engine->title, v.tile, v.rotation, node, x, y))
    return FALSE;
  kol_svg_board_hex_center (engine->title, hex, &cx, &cy);
  *x += cx;
  *y += cy;
  return TRUE;
}

/**
 * kol_svg_board_slot_point:
 *
 * Returns: %TRUE and the user-space centre and radius of token slot @slot
 * (counted over all cities of the tile on @hex).
 */
gboolean
kol_svg_board_slot_point (const KolEngine *engine,
                          int              hex,
                          int              slot,
                          double          *x,
                          double          *y,
                          double          *radius)
{
  KolSvgOptions opts;
  KolSvgTileLayout lay;
  HexView v;
  double cx, cy;

  g_return_val_if_fail (engine != NULL, FALSE);
  if (hex < 0 || (guint) hex >= engine->title->n_hexes || slot < 0)
    return FALSE;
  kol_svg_options_init (&opts);
  v = game_view (engine, hex, &opts);
  _kol_svg_layout_tile (&lay, engine->title, v.tile, v.rotation, engine->title->grid.layout);
  kol_svg_board_hex_center (engine->title, hex, &cx, &cy);
  for (int n = 0; n < v.tile->n_nodes; n++)
    {
      int base;

      if (v.tile->nodes[n].kind != KOL_NODE_CITY)
        continue;
      base = kol_tile_city_slot_base (v.tile, v.tile->nodes[n].city_index);
      if (base < 0 || slot < base || slot >= base + lay.nodes[n].n_slots)
        continue;
      *x = cx + lay.nodes[n].slots[slot - base].x;
      *y = cy + lay.nodes[n].slots[slot - base].y;
      *radius = lay.nodes[n].slot_r;
      return TRUE;
    }
  return FALSE;
}

/**
 * kol_svg_board_path_data:
 *
 * Returns: (transfer full) (nullable): the user-space SVG path data of path
 * @path of the tile on @hex, or %NULL.
 */
char *
kol_svg_board_path_data (const KolEngine *engine,
                         int              hex,
                         int              path)
{
  KolSvgOptions opts;
  HexView v;
  double cx, cy;

  g_return_val_if_fail (engine != NULL, NULL);
  if (hex < 0 || (guint) hex >= engine->title->n_hexes)
    return NULL;
  kol_svg_options_init (&opts);
  v = game_view (engine, hex, &opts);
  kol_svg_board_hex_center (engine->title, hex, &cx, &cy);
  return path_data (engine->title, v.tile, v.rotation, path, cx, cy);
}
