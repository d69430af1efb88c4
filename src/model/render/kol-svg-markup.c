/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-svg-private.h"

#include <math.h>
#include <string.h>

/*
 * The SVG markup every picture of the renderer shares: numbers written in
 * the C locale, points, text elements (with halos, and their width
 * estimated without a font), the 18xx palette and a text colour that reads
 * on a background. Tiles, boards, sheets and the market all write through
 * these, so they are apart from any one kind of picture.
 */

/* ------------------------------------------------------------- numbers */

/**
 * _kol_svg_num:
 *
 * Appends @value rounded to hundredths without trailing zeros, in the C
 * locale whatever the user's locale is (SVG wants a '.').
 */
void
_kol_svg_num (GString *out,
              double   value)
{
  gint64 n;
  int frac;

  if (!isfinite (value))
    value = 0.0;
  n = (gint64) llround (value * 100.0);
  if (n < 0)
    {
      g_string_append_c (out, '-');
      n = -n;
    }
  g_string_append_printf (out, "%" G_GINT64_FORMAT, n / 100);
  frac = (int) (n % 100);
  if (frac % 10 == 0 && frac != 0)
    g_string_append_printf (out, ".%d", frac / 10);
  else if (frac != 0)
    g_string_append_printf (out, ".%02d", frac);
}

void
_kol_svg_pt (GString  *out,
             KolSvgPt  p)
{
  _kol_svg_num (out, p.x);
  g_string_append_c (out, ',');
  _kol_svg_num (out, p.y);
}

/* A rough width of @text in DejaVu Sans, enough to place and fit labels. */
double
_kol_svg_text_width (const char *text,
                     double      size)
{
  double w = 0.0;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 128 && strchr ("iljtfrI.,:;'|! ", (int) c) != NULL)
        w += 0.34;
      else if (c == 'm' || c == 'w' || c == 'M' || c == 'W')
        w += 0.88;
      else if (g_unichar_isupper (c))
        w += 0.70;
      else if (g_unichar_isdigit (c))
        w += 0.64;
      else
        w += 0.60;
    }
  return w * size;
}

/**
 * _kol_svg_text_halo:
 * @halo: (nullable): colour of a thin outline behind the letters, so that
 *   text stays readable where it has to cross track
 *
 * Appends a centred text element whose middle is at (@x, @y).
 */
void
_kol_svg_text_halo (GString    *out,
                    double      x,
                    double      y,
                    double      size,
                    const char *weight,
                    const char *fill,
                    const char *halo,
                    const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, "<text x=\"");
  _kol_svg_num (out, x);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, y + size * 0.36);
  g_string_append (out, "\" font-size=\"");
  _kol_svg_num (out, size);
  g_string_append (out, "\" text-anchor=\"middle\"");
  if (weight != NULL)
    g_string_append_printf (out, " font-weight=\"%s\"", weight);
  if (fill != NULL && strcmp (fill, "#000") != 0)
    g_string_append_printf (out, " fill=\"%s\"", fill);
  if (halo != NULL)
    g_string_append_printf (out, " stroke=\"%s\" stroke-width=\"3\" stroke-linejoin=\"round\" "
                            "paint-order=\"stroke\"", halo);
  g_string_append_printf (out, ">%s</text>\n", escaped);
}

void
_kol_svg_text (GString    *out,
               double      x,
               double      y,
               double      size,
               const char *weight,
               const char *fill,
               const char *text)
{
  _kol_svg_text_halo (out, x, y, size, weight, fill, NULL, text);
}

/* ------------------------------------------------------------- colours */

/* The usual 18xx palette (18xx.games' hex colours). */
const char *
_kol_svg_color_hex (KolColor color)
{
  static const char *const palette[KOL_N_COLORS] = {
    [KOL_COLOR_WHITE] = "#eae0c8",
    [KOL_COLOR_YELLOW] = "#fde900",
    [KOL_COLOR_GREEN] = "#71bf44",
    [KOL_COLOR_BROWN] = "#cb7745",
    [KOL_COLOR_GRAY] = "#bcbdc0",
    [KOL_COLOR_RED] = "#ec232a",
    [KOL_COLOR_PURPLE] = "#a79ecd",
    [KOL_COLOR_BLUE] = "#35a7ff",
  };

  return (guint) color < KOL_N_COLORS ? palette[color] : palette[KOL_COLOR_WHITE];
}

/**
 * kol_svg_color_fill:
 * @color: a tile or hex colour
 *
 * Returns: (transfer none): the fill the renderer gives it
 */
const char *
kol_svg_color_fill (KolColor color)
{
  return _kol_svg_color_hex (color);
}

/* "#rgb" or "#rrggbb" into components. */
gboolean
_kol_svg_parse_rgb (const char *color,
                    int        *r,
                    int        *g,
                    int        *b)
{
  int digits[6];
  gsize len;

  if (color == NULL || color[0] != '#')
    return FALSE;
  len = strlen (color + 1);
  if (len != 3 && len != 6)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if ((digits[i] = g_ascii_xdigit_value (color[1 + i])) < 0)
      return FALSE;
  if (len == 3)
    {
      *r = digits[0] * 17;
      *g = digits[1] * 17;
      *b = digits[2] * 17;
      return TRUE;
    }
  *r = digits[0] * 16 + digits[1];
  *g = digits[2] * 16 + digits[3];
  *b = digits[4] * 16 + digits[5];
  return TRUE;
}

/**
 * _kol_svg_text_color:
 *
 * Returns: black or white, whichever reads better on @background.
 */
const char *
_kol_svg_text_color (const char *background)
{
  int r, g, b;

  if (!_kol_svg_parse_rgb (background, &r, &g, &b))
    return "#000";
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
}
