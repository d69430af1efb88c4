/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "kol-print-private.h"

/*
 * The markup of printed pages. A page is an SVG document in points, so
 * that an SVG export keeps its text as text and its pictures as vectors;
 * the model's pictures (board, tiles, market) are nested in it as <svg>
 * elements, whose viewport clips them to the part a page shows. Text is
 * measured with Pango in the font librsvg draws it with, to wrap card
 * descriptions and fit names.
 */

static void
append_num (GString *out,
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

/**
 * _kol_print_svg:
 * @out: the markup
 * @format: literal text with conversions: %g a double (hundredths, '.'
 *   whatever the locale, as SVG wants), %d an int, %u a guint, %s a string
 *   as is, %t a string escaped for XML, %% a percent sign
 *
 * Appends markup. printf's %f would write a decimal comma in a Russian
 * locale.
 */
void
_kol_print_svg (GString    *out,
                const char *format,
                ...)
{
  va_list args;

  va_start (args, format);
  for (const char *p = format; *p != '\0'; p++)
    {
      if (*p != '%' || p[1] == '\0')
        {
          g_string_append_c (out, *p);
          continue;
        }
      switch (*++p)
        {
        case 'g':
          append_num (out, va_arg (args, double));
          break;
        case 'd':
          g_string_append_printf (out, "%d", va_arg (args, int));
          break;
        case 'u':
          g_string_append_printf (out, "%u", va_arg (args, guint));
          break;
        case 's':
          g_string_append (out, va_arg (args, const char *));
          break;
        case 't':
          {
            g_autofree char *escaped = g_markup_escape_text (va_arg (args, const char *), -1);

            g_string_append (out, escaped);
          }
          break;
        default:
          g_string_append_c (out, *p);
        }
    }
  va_end (args);
}

/* ---- pages ------------------------------------------------------------------ */

/**
 * _kol_print_printable:
 *
 * The part of a page inside the margins, in points.
 */
void
_kol_print_printable (KolPrintJob *job,
                      gboolean     landscape,
                      double      *width,
                      double      *height)
{
  *width = (landscape ? job->paper_h : job->paper_w) - 2 * job->margin;
  *height = (landscape ? job->paper_w : job->paper_h) - 2 * job->margin;
}

/**
 * _kol_print_page_new:
 *
 * Starts a page of @sheet: a white sheet of the job's paper. The sheet
 * adds its content; the job adds the footer and closes the document.
 */
KolPrintPage *
_kol_print_page_new (KolPrintJob   *job,
                     KolPrintSheet  sheet,
                     gboolean       landscape)
{
  KolPrintPage *page = g_new0 (KolPrintPage, 1);

  page->sheet = sheet;
  page->w = landscape ? job->paper_h : job->paper_w;
  page->h = landscape ? job->paper_w : job->paper_h;
  page->fill = 1.0;
  page->svg = g_string_sized_new (8192);
  _kol_print_svg (page->svg,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%gmm\" height=\"%gmm\" "
                  "viewBox=\"0 0 %g %g\" font-family=\"" KOL_PRINT_FONT ", Verdana, Arial, sans-serif\">\n"
                  "<rect x=\"0\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n",
                  page->w / KOL_PT_PER_MM, page->h / KOL_PT_PER_MM, page->w, page->h, page->w, page->h);
  return page;
}

void
_kol_print_page_free (KolPrintPage *page)
{
  if (page->svg != NULL)
    g_string_free (page->svg, TRUE);
  g_free (page->note);
  g_free (page);
}

/* ---- text --------------------------------------------------------------------- */

/* One layout for measuring, at 72 dpi so that a font size in points is a
 * size in page units, as librsvg draws it. The print library runs on the
 * thread that made the job; Pango's default font map is per thread. */
static PangoLayout *
measuring_layout (double size,
                  guint  flags)
{
  static GPrivate context_key = G_PRIVATE_INIT (g_object_unref);
  PangoContext *context = g_private_get (&context_key);
  PangoLayout *layout;
  PangoFontDescription *font;

  if (context == NULL)
    {
      context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      pango_cairo_context_set_resolution (context, 72.0);
      g_private_set (&context_key, context);
    }
  layout = pango_layout_new (context);
  font = pango_font_description_from_string (KOL_PRINT_FONT);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (flags & KOL_PRINT_TEXT_BOLD)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  if (flags & KOL_PRINT_TEXT_ITALIC)
    pango_font_description_set_style (font, PANGO_STYLE_ITALIC);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/**
 * _kol_print_text_width:
 *
 * Returns: the width of @text at @size points, in points
 */
double
_kol_print_text_width (const char *text,
                       double      size,
                       guint       flags)
{
  g_autoptr(PangoLayout) layout = measuring_layout (size, flags);
  int width, height;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &width, &height);
  return (double) width / PANGO_SCALE;
}

/**
 * _kol_print_fit_size:
 *
 * Returns: @size, or the size at which @text fits in @width
 */
double
_kol_print_fit_size (const char *text,
                     double      size,
                     guint       flags,
                     double      width)
{
  double natural = _kol_print_text_width (text, size, flags);

  return natural <= width || natural <= 0 ? size : size * width / natural;
}

/**
 * _kol_print_wrap:
 *
 * Returns: (transfer full): the lines of @text broken between words to fit
 *   @width
 */
GStrv
_kol_print_wrap (const char *text,
                 double      size,
                 guint       flags,
                 double      width)
{
  g_autoptr(PangoLayout) layout = measuring_layout (size, flags);
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  for (int i = 0; i < pango_layout_get_line_count (layout); i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      g_autofree char *part = g_strndup (text + line->start_index, (gsize) line->length);

      g_strv_builder_add (lines, g_strstrip (part));
    }
  return g_strv_builder_end (lines);
}

/**
 * _kol_print_text:
 * @y: the baseline
 *
 * Appends a <text> element.
 */
void
_kol_print_text (GString    *out,
                 double      x,
                 double      y,
                 double      size,
                 guint       flags,
                 const char *fill,
                 const char *text)
{
  _kol_print_svg (out, "<text x=\"%g\" y=\"%g\" font-size=\"%g\"", x, y, size);
  if (flags & KOL_PRINT_TEXT_BOLD)
    g_string_append (out, " font-weight=\"bold\"");
  if (flags & KOL_PRINT_TEXT_ITALIC)
    g_string_append (out, " font-style=\"italic\"");
  if (flags & KOL_PRINT_TEXT_MIDDLE)
    g_string_append (out, " text-anchor=\"middle\"");
  else if (flags & KOL_PRINT_TEXT_END)
    g_string_append (out, " text-anchor=\"end\"");
  _kol_print_svg (out, " fill=\"%s\">%t</text>\n", fill != NULL ? fill : "#000000", text);
}

/**
 * _kol_print_paragraph:
 * @y: the top of the paragraph
 *
 * Appends @text wrapped to @width, one <text> per line.
 *
 * Returns: the height it took
 */
double
_kol_print_paragraph (GString    *out,
                      double      x,
                      double      y,
                      double      width,
                      double      size,
                      guint       flags,
                      const char *fill,
                      const char *text)
{
  g_auto(GStrv) lines = _kol_print_wrap (text, size, flags, width);
  double leading = size * 1.22;
  guint n = g_strv_length (lines);

  for (guint i = 0; i < n; i++)
    _kol_print_text (out, x, y + size + i * leading, size, flags, fill, lines[i]);
  return n * leading;
}

/* ---- nested pictures ------------------------------------------------------------ */

static gboolean
attribute_numbers (const char *tag,
                   gsize       tag_len,
                   const char *name,
                   double     *values,
                   guint       n)
{
  g_autofree char *key = g_strdup_printf (" %s=\"", name);
  g_autofree char *head = g_strndup (tag, tag_len);
  const char *at = strstr (head, key);
  char *end;

  if (at == NULL)
    return FALSE;
  at += strlen (key);
  for (guint i = 0; i < n; i++)
    {
      values[i] = g_ascii_strtod (at, &end);
      if (end == at)
        return FALSE;
      at = end;
      while (*at == ' ' || *at == ',')
        at++;
    }
  return TRUE;
}

/* The root element of a document of the model's renderer: its start tag
 * and where its content ends. */
static gboolean
document_root (const char  *document,
               const char **tag,
               gsize       *tag_len,
               const char **body_end)
{
  const char *start = strstr (document, "<svg");
  const char *close = start != NULL ? strchr (start, '>') : NULL;
  const char *end = g_strrstr (document, "</svg>");

  if (close == NULL || end == NULL || end < close)
    return FALSE;
  *tag = start;
  *tag_len = (gsize) (close - start);
  *body_end = end;
  return TRUE;
}

/**
 * _kol_print_document_box:
 * @view: (out): the document's viewBox: x, y, width, height
 * @width: (out): its width attribute (output units)
 * @height: (out): its height
 *
 * Returns: whether @document is a picture with a size
 */
gboolean
_kol_print_document_box (const char *document,
                         double     *view,
                         double     *width,
                         double     *height)
{
  const char *tag, *end;
  gsize len;
  double size[1];

  if (!document_root (document, &tag, &len, &end) || !attribute_numbers (tag, len, "viewBox", view, 4))
    return FALSE;
  *width = attribute_numbers (tag, len, "width", size, 1) ? size[0] : view[2];
  *height = attribute_numbers (tag, len, "height", size, 1) ? size[0] : view[3];
  return view[2] > 0 && view[3] > 0 && *width > 0 && *height > 0;
}

/**
 * _kol_print_embed:
 * @document: an SVG document of the model's renderer
 * @view: (nullable): the part of it to show (x, y, width, height in its
 *   user units); %NULL for all of its viewBox
 *
 * Appends @document as a nested picture filling the box @x, @y, @width,
 * @height of the page, clipped to it.
 *
 * Returns: whether @document could be read
 */
gboolean
_kol_print_embed (GString      *out,
                  const char   *document,
                  double        x,
                  double        y,
                  double        width,
                  double        height,
                  const double *view)
{
  const char *tag, *end;
  double box[4], w, h;
  gsize len;
  const double *v = view;

  if (!_kol_print_document_box (document, box, &w, &h) || !document_root (document, &tag, &len, &end))
    return FALSE;
  if (v == NULL)
    v = box;
  _kol_print_svg (out, "<svg x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" viewBox=\"%g %g %g %g\" "
                  "preserveAspectRatio=\"none\" font-family=\"" KOL_PRINT_FONT ", Verdana, Arial, sans-serif\">",
                  x, y, width, height, v[0], v[1], v[2], v[3]);
  g_string_append_len (out, tag + len + 1, end - (tag + len + 1));
  g_string_append (out, "</svg>\n");
  return TRUE;
}

/* ---- shapes --------------------------------------------------------------------- */

/**
 * _kol_print_hex_points:
 *
 * Appends the corners of a hex as a points attribute's value.
 */
void
_kol_print_hex_points (GString  *out,
                       gboolean  flat,
                       double    x,
                       double    y,
                       double    r)
{
  for (int k = 0; k < 6; k++)
    {
      double angle = ((flat ? 0.0 : 30.0) + 60.0 * k) * G_PI / 180;

      _kol_print_svg (out, k == 0 ? "%g,%g" : " %g,%g", x + r * cos (angle), y + r * sin (angle));
    }
}

/**
 * _kol_print_crop_marks:
 * @x0: the left of the block of pieces
 * @y0: its top
 * @x1: its right
 * @y1: its bottom
 * @xs: where vertical cuts run
 * @ys: where horizontal cuts run
 *
 * Appends crop marks: short lines outside the block, in line with each
 * cut, so that a guillotine or a ruler finds the cuts once the pieces'
 * edges are hidden by their bleed.
 */
void
_kol_print_crop_marks (GString      *out,
                       double        x0,
                       double        y0,
                       double        x1,
                       double        y1,
                       const double *xs,
                       guint         n_xs,
                       const double *ys,
                       guint         n_ys)
{
  double gap = 1.0 * KOL_PT_PER_MM, len = 4.0 * KOL_PT_PER_MM;

  g_string_append (out, "<path fill=\"none\" stroke=\"#000000\" stroke-width=\"0.3\" d=\"");
  for (guint i = 0; i < n_xs; i++)
    _kol_print_svg (out, "M%g,%gv%g M%g,%gv%g ", xs[i], y0 - gap - len, len, xs[i], y1 + gap, len);
  for (guint i = 0; i < n_ys; i++)
    _kol_print_svg (out, "M%g,%gh%g M%g,%gh%g ", x0 - gap - len, ys[i], len, x1 + gap, ys[i], len);
  g_string_append (out, "\"/>\n");
}
