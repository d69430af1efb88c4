/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-l10n.h"
#include "kol-svg-market.h"
#include "kol-svg-private.h"

#define CELL_W KOL_SVG_MARKET_CELL
#define CELL_H (KOL_SVG_MARKET_CELL * 2.0 / 3.0)
#define MARGIN 10.0
#define LEGEND_ROW 22.0
#define SWATCH 14.0
#define FONT_FAMILY "DejaVu Sans, Verdana, Arial, sans-serif"

/* A cell's look when no zone colours it, and what the legend says of it.
 * Flags as in data/games/README.md. */
typedef struct
{
  char        flag;
  const char *fill;
  const char *label;
} FlagStyle;

static const FlagStyle flag_styles[] = {
  /* Translators: legend of the printed stock market. */
  { 'p', "#fff3a6", N_("Par price") },
  { 'z', "#ffd59e", N_("Par price of a second kind of company") },
  { 'e', "#f6a04d", N_("The game ends when a share price reaches this cell") },
  { 'c', "#9a9a9a", N_("The company closes") },
  { 'u', "#9fd3ff", N_("Enterable only from a later phase") },
  { 'x', "#d8d8d8", N_("No share price may enter this cell") },
};

typedef struct
{
  const char *fill;
  char        flag;     /* the flag whose own colour it has, or 0 */
} CellLook;

/* Zone colours: the tile colours' names, a few more, or "#rrggbb". */
/**
 * kol_svg_market_zone_color:
 * @name: (nullable): a zone's colour in the data: a name or "#rrggbb"
 *
 * Returns: (nullable): the colour as "#rrggbb" in the palette of the
 *   printed boards, or %NULL for an unknown name
 */
const char *
kol_svg_market_zone_color (const char *name)
{
  static const struct { const char *name, *value; } extra[] = {
    { "orange", "#f6a04d" }, { "pink", "#f7b6d2" }, { "black", "#333333" },
  };
  KolColor color;

  if (name == NULL)
    return NULL;
  if (name[0] == '#')
    return name;
  if (kol_color_from_string (name, &color))
    return color == KOL_COLOR_WHITE ? "#ffffff" : _kol_svg_color_hex (color);
  for (gsize i = 0; i < G_N_ELEMENTS (extra); i++)
    if (g_str_equal (extra[i].name, name))
      return extra[i].value;
  return NULL;
}

static const FlagStyle *
flag_style (char flag)
{
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (flag_styles[i].flag == flag)
      return &flag_styles[i];
  return NULL;
}

static JsonArray *
array_member (JsonObject *object,
              const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* Members read without json-glib's criticals: the editor draws data that
 * may not be valid yet. */
static const char *
string_member (JsonObject *object,
               const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
int_element_is (JsonArray *array,
                guint      index,
                guint      value)
{
  JsonNode *node = json_array_get_element (array, index);

  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64
         && json_node_get_int (node) == value;
}

static gboolean
zone_has_cell (JsonObject *zone,
               guint       row,
               guint       col)
{
  JsonArray *cells = array_member (zone, "cells");

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      JsonNode *cell = json_array_get_element (cells, i);
      JsonArray *pair = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;

      if (pair != NULL && json_array_get_length (pair) == 2 && int_element_is (pair, 0, row)
          && int_element_is (pair, 1, col))
        return TRUE;
    }
  return FALSE;
}

static gboolean
zone_has_flag (JsonObject *zone,
               const char *flags)
{
  const char *flag = string_member (zone, "flag");

  return flag != NULL && flag[0] != '\0' && strchr (flags, flag[0]) != NULL;
}

/* The first zone listing the cell wins over zones by flag, then flags. */
static CellLook
cell_look (JsonArray  *zones,
           guint       row,
           guint       col,
           const char *flags)
{
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; zones != NULL && i < json_array_get_length (zones); i++)
      {
        JsonObject *zone = json_array_get_object_element (zones, i);
        const char *fill;

        if (zone == NULL || (fill = kol_svg_market_zone_color (string_member (zone, "color"))) == NULL)
          continue;
        if (pass == 0 ? zone_has_cell (zone, row, col) : zone_has_flag (zone, flags))
          return (CellLook) { fill, 0 };
      }
  for (const char *f = flags; *f != '\0'; f++)
    if (flag_style (*f) != NULL)
      return (CellLook) { flag_style (*f)->fill, *f };
  return (CellLook) { "#ffffff", 0 };
}

static void
append_rect (GString    *out,
             double      x,
             double      y,
             double      w,
             double      h,
             const char *fill,
             double      stroke_width)
{
  g_string_append (out, "<rect x=\"");
  _kol_svg_num (out, x);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, y);
  g_string_append (out, "\" width=\"");
  _kol_svg_num (out, w);
  g_string_append (out, "\" height=\"");
  _kol_svg_num (out, h);
  g_string_append_printf (out, "\" fill=\"%s\" stroke=\"#333\" stroke-width=\"", fill);
  _kol_svg_num (out, stroke_width);
  g_string_append (out, "\"/>\n");
}

/* A cell: "120p" is price 120 with the par flag; "" is no cell. Returns
 * the flag whose own colour it took, for the legend, or 0. */
static char
append_cell (GString    *out,
             JsonArray  *zones,
             guint       row,
             guint       col,
             const char *text)
{
  g_autofree char *price = NULL;
  const char *flags = text;
  double x = MARGIN + col * CELL_W, y = MARGIN + row * CELL_H;
  CellLook look;

  while (g_ascii_isdigit (*flags))
    flags++;
  price = g_strndup (text, flags - text);
  look = cell_look (zones, row, col, flags);
  /* par cells get a heavier frame, as printed boards mark them */
  append_rect (out, x, y, CELL_W, CELL_H, look.fill, strchr (flags, 'p') || strchr (flags, 'z') ? 3.0 : 1.0);
  _kol_svg_text (out, x + CELL_W / 2, y + CELL_H / 2, 16, "bold", _kol_svg_text_color (look.fill), price);
  return look.flag;
}

static const char *
pick_text (JsonNode   *text,
           const char *language)
{
  const char * const languages[] = { language != NULL ? language : "en", "en", NULL };

  if (text == NULL)
    return NULL;
  return kol_l10n_pick_for_languages (text, languages);
}

static void
append_legend_row (GString    *out,
                   double      y,
                   const char *fill,
                   const char *label)
{
  g_autofree char *escaped = g_markup_escape_text (label, -1);

  append_rect (out, MARGIN, y, SWATCH * 1.5, SWATCH, fill, 1.0);
  g_string_append (out, "<text x=\"");
  _kol_svg_num (out, MARGIN + SWATCH * 2);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, y + SWATCH * 0.8);
  g_string_append_printf (out, "\" font-size=\"13\" fill=\"#222\">%s</text>\n", escaped);
}

/* Zones with a label, then the flags some cell shows in its own colour. */
static double
append_legend (GString    *out,
               JsonArray  *zones,
               const char *flags_shown,
               double      top,
               const char *language)
{
  double y = top;

  for (guint i = 0; zones != NULL && i < json_array_get_length (zones); i++)
    {
      JsonObject *zone = json_array_get_object_element (zones, i);
      const char *fill = kol_svg_market_zone_color (string_member (zone, "color"));
      const char *label = zone != NULL ? pick_text (json_object_get_member (zone, "label"), language) : NULL;

      if (fill == NULL || label == NULL)
        continue;
      append_legend_row (out, y, fill, label);
      y += LEGEND_ROW;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (strchr (flags_shown, flag_styles[i].flag) != NULL)
      {
        append_legend_row (out, y, flag_styles[i].fill, _(flag_styles[i].label));
        y += LEGEND_ROW;
      }
  return y - top;
}

/**
 * kol_svg_render_market:
 * @market: game.json's "market" object
 * @language: (nullable): "ru" for Russian legends where the data has them
 * @scale: output units per user unit (a cell is %KOL_SVG_MARKET_CELL user
 *   units wide); 0 means 1
 *
 * Returns: (transfer full): an SVG document of the market grid and its
 *   legend; an empty grid when @market has no rows
 */
char *
kol_svg_render_market (JsonObject *market,
                       const char *language,
                       double      scale)
{
  JsonArray *rows = array_member (market, "rows");
  JsonArray *zones = array_member (market, "zones");
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GString) flags = g_string_new (NULL);
  GString *out = g_string_new (NULL);
  guint n_cols = 0, n_rows = rows != NULL ? json_array_get_length (rows) : 0;
  double width, height;

  if (scale <= 0)
    scale = 1.0;
  for (guint r = 0; r < n_rows; r++)
    {
      JsonNode *row_node = json_array_get_element (rows, r);
      JsonArray *row = JSON_NODE_HOLDS_ARRAY (row_node) ? json_node_get_array (row_node) : NULL;

      for (guint c = 0; row != NULL && c < json_array_get_length (row); c++)
        {
          JsonNode *cell = json_array_get_element (row, c);
          const char *text = JSON_NODE_HOLDS_VALUE (cell) && json_node_get_value_type (cell) == G_TYPE_STRING
                             ? json_node_get_string (cell) : "";

          char shown;

          n_cols = MAX (n_cols, c + 1);
          if (text[0] == '\0')
            continue;
          shown = append_cell (body, zones, r, c, text);
          if (shown != 0 && strchr (flags->str, shown) == NULL)
            g_string_append_c (flags, shown);
        }
    }
  height = 2 * MARGIN + n_rows * CELL_H + MARGIN;
  height += append_legend (body, zones, flags->str, height, language) + MARGIN;
  width = 2 * MARGIN + MAX (n_cols, 4) * CELL_W;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
  _kol_svg_num (out, width * scale);
  g_string_append (out, "\" height=\"");
  _kol_svg_num (out, height * scale);
  g_string_append (out, "\" viewBox=\"0 0 ");
  _kol_svg_num (out, width);
  g_string_append_c (out, ' ');
  _kol_svg_num (out, height);
  g_string_append (out, "\" font-family=\"" FONT_FAMILY "\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
  g_string_append_len (out, body->str, body->len);
  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}
