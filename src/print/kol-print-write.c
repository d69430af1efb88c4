/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <cairo-pdf.h>
#include <glib/gi18n.h>

#include "kol-print-private.h"

/*
 * Writing a job's pages: PDF through cairo (each page at its own size, so
 * that a turned sheet stays turned), SVG as the pages were built (text as
 * text), PNG rasterized by librsvg. Every file is replaced atomically.
 *
 * Names: with one file per sheet or per page, the sheet's id and the page
 * number go before the extension ("title-map.pdf", "title-tiles-3.svg");
 * a job of one sheet leaves the sheet's id out.
 */

#define STACK_GAP 12.0

static gboolean
write_failed (const char  *filename,
              const char  *reason,
              GError     **error)
{
  /* Translators: %s is a file name, the second %s what went wrong. */
  g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_WRITE, _("Cannot write “%s”: %s"), filename, reason);
  return FALSE;
}

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  return g_output_stream_write_all (closure, data, length, NULL, NULL, NULL) ? CAIRO_STATUS_SUCCESS
                                                                             : CAIRO_STATUS_WRITE_ERROR;
}

/* Writes through @write into @filename, replaced when the stream closes;
 * nothing is left behind on failure. */
typedef gboolean (*StreamWriter) (KolPrintJob    *job,
                                  GOutputStream  *stream,
                                  const guint    *pages,
                                  guint           n_pages,
                                  double          dpi,
                                  GError        **error);

static gboolean
write_file (KolPrintJob   *job,
            const char    *filename,
            StreamWriter   write,
            const guint   *pages,
            guint          n_pages,
            double         dpi,
            GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (filename);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) local = NULL;

  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, &local);
  if (stream == NULL)
    return write_failed (filename, local->message, error);
  if (!write (job, G_OUTPUT_STREAM (stream), pages, n_pages, dpi, &local))
    {
      g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, NULL);
      g_file_delete (file, NULL, NULL);
      if (local->domain == KOL_PRINT_ERROR && local->code == KOL_PRINT_ERROR_RENDER)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      return write_failed (filename, local->message, error);
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &local))
    return write_failed (filename, local->message, error);
  return TRUE;
}

static gboolean
finish_surface (cairo_surface_t  *surface,
                gboolean          ok,
                GError          **error)
{
  cairo_status_t status;

  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      return FALSE;
    }
  return ok;
}

static gboolean
write_pdf (KolPrintJob    *job,
           GOutputStream  *stream,
           const guint    *pages,
           guint           n_pages,
           double          dpi,
           GError        **error)
{
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok = TRUE;

  kol_print_job_get_page_size (job, pages[0], &w, &h);
  surface = cairo_pdf_surface_create_for_stream (write_to_stream, stream, w, h);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, job->title_name);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Koleya");
  cr = cairo_create (surface);
  for (guint i = 0; ok && i < n_pages; i++)
    {
      kol_print_job_get_page_size (job, pages[i], &w, &h);
      cairo_pdf_surface_set_size (surface, w, h);
      ok = kol_print_job_draw_page (job, cr, pages[i], error);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  return finish_surface (surface, ok, error);
}

static gboolean
write_png (KolPrintJob    *job,
           GOutputStream  *stream,
           const guint    *pages,
           guint           n_pages,
           double          dpi,
           GError        **error)
{
  double w, h, scale = dpi / 72.0;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  kol_print_job_get_page_size (job, pages[0], &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (w * scale + 0.5), (int) (h * scale + 0.5));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  ok = kol_print_job_draw_page (job, cr, pages[0], error);
  cairo_destroy (cr);
  if (ok && cairo_surface_write_to_png_stream (surface, write_to_stream, stream) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The picture could not be encoded"));
      ok = FALSE;
    }
  cairo_surface_destroy (surface);
  return ok;
}

/* One page as built; several one under the other, each framed, in a
 * document as wide as the widest. */
static gboolean
write_svg (KolPrintJob    *job,
           GOutputStream  *stream,
           const guint    *pages,
           guint           n_pages,
           double          dpi,
           GError        **error)
{
  g_autoptr(GString) out = NULL;
  double width = 0, height = 0, y = 0;

  if (n_pages == 1)
    {
      const char *svg = kol_print_job_get_page_svg (job, pages[0]);

      return g_output_stream_write_all (stream, svg, strlen (svg), NULL, NULL, error);
    }
  for (guint i = 0; i < n_pages; i++)
    {
      double w, h;

      kol_print_job_get_page_size (job, pages[i], &w, &h);
      width = MAX (width, w);
      height += h + (i > 0 ? STACK_GAP : 0);
    }
  out = g_string_new (NULL);
  _kol_print_svg (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%gmm\" height=\"%gmm\" "
                  "viewBox=\"0 0 %g %g\">\n", width / KOL_PT_PER_MM, height / KOL_PT_PER_MM, width, height);
  for (guint i = 0; i < n_pages; i++)
    {
      double w, h;

      kol_print_job_get_page_size (job, pages[i], &w, &h);
      _kol_print_embed (out, kol_print_job_get_page_svg (job, pages[i]), 0, y, w, h, NULL);
      _kol_print_svg (out, "<rect x=\"0\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#999999\" "
                      "stroke-width=\"0.5\"/>\n", y, w, h);
      y += h + STACK_GAP;
    }
  g_string_append (out, "</svg>\n");
  return g_output_stream_write_all (stream, out->str, out->len, NULL, NULL, error);
}

/* "map.pdf" + "tiles", 3 → "map-tiles-3.pdf" */
static char *
part_filename (const char *filename,
               const char *sheet,
               guint       number)
{
  const char *dot = strrchr (filename, '.'), *slash = strrchr (filename, G_DIR_SEPARATOR);
  g_autofree char *suffix = NULL;
  int stem;

  if (dot == NULL || (slash != NULL && dot < slash))
    dot = filename + strlen (filename);
  stem = (int) (dot - filename);
  if (sheet != NULL && number > 0)
    suffix = g_strdup_printf ("-%s-%u", sheet, number);
  else if (sheet != NULL)
    suffix = g_strdup_printf ("-%s", sheet);
  else if (number > 0)
    suffix = g_strdup_printf ("-%u", number);
  else
    suffix = g_strdup ("");
  return g_strdup_printf ("%.*s%s%s", stem, filename, suffix, dot);
}

static StreamWriter
writer_for (KolPrintFormat format)
{
  switch (format)
    {
    case KOL_PRINT_FORMAT_SVG:
      return write_svg;
    case KOL_PRINT_FORMAT_PNG:
      return write_png;
    case KOL_PRINT_FORMAT_PDF:
    default:
      return write_pdf;
    }
}

static gboolean
write_sheet (KolPrintJob             *job,
             const KolPrintOutput    *output,
             const KolPrintSheetInfo *info,
             const char              *filename,
             GStrvBuilder            *files,
             GError                 **error)
{
  const char *sheet = job->sheets->len > 1 ? kol_print_sheet_to_string (info->sheet) : NULL;
  gboolean per_page = output->files == KOL_PRINT_FILES_PER_PAGE || output->format == KOL_PRINT_FORMAT_PNG ||
                      (output->files == KOL_PRINT_FILES_ONE && output->format == KOL_PRINT_FORMAT_SVG);
  g_autofree guint *pages = g_new (guint, info->n_pages);

  for (guint i = 0; i < info->n_pages; i++)
    pages[i] = info->first_page + i;
  if (!per_page || info->n_pages == 1)
    {
      g_autofree char *name = part_filename (filename, sheet, 0);

      if (!write_file (job, name, writer_for (output->format), pages, info->n_pages, output->dpi, error))
        return FALSE;
      g_strv_builder_add (files, name);
      return TRUE;
    }
  for (guint i = 0; i < info->n_pages; i++)
    {
      g_autofree char *name = part_filename (filename, sheet, i + 1);

      if (!write_file (job, name, writer_for (output->format), &pages[i], 1, output->dpi, error))
        return FALSE;
      g_strv_builder_add (files, name);
    }
  return TRUE;
}

/**
 * kol_print_job_write:
 * @output: the format and the files
 * @filename: the file to write; with several files, the name they are
 *   made from
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Returns: (transfer full) (nullable): the files written
 */
GStrv
kol_print_job_write (KolPrintJob           *job,
                     const KolPrintOutput  *output,
                     const char            *filename,
                     GError               **error)
{
  g_autoptr(GStrvBuilder) files = g_strv_builder_new ();

  g_return_val_if_fail (job != NULL && output != NULL && filename != NULL, NULL);

  if (output->format == KOL_PRINT_FORMAT_PDF && output->files == KOL_PRINT_FILES_ONE)
    {
      g_autofree guint *pages = g_new (guint, job->pages->len);

      for (guint i = 0; i < job->pages->len; i++)
        pages[i] = i;
      if (!write_file (job, filename, write_pdf, pages, job->pages->len, output->dpi, error))
        return NULL;
      g_strv_builder_add (files, filename);
      return g_strv_builder_end (files);
    }
  for (guint s = 0; s < job->sheets->len; s++)
    if (!write_sheet (job, output, &g_array_index (job->sheets, KolPrintSheetInfo, s), filename, files, error))
      return NULL;
  return g_strv_builder_end (files);
}
