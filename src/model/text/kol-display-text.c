/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-display-text.h"

/* The explicit bidirectional formatting characters (embeddings, overrides,
 * isolates) and the marks: they reorder the text around them. */
static gboolean
is_bidi_control (gunichar c)
{
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

/* C0 and C1 controls and DEL, and the line and paragraph separators. */
static gboolean
is_control (gunichar c)
{
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
}

/**
 * kol_display_escape_terminal:
 * @text: text to print, in UTF-8 as far as it is valid
 * @length: its length in bytes, or -1 when NUL-terminated
 *
 * Makes @text safe to print on a terminal: newlines and tabs stay, every
 * other control character and every bidirectional control becomes
 * `\uXXXX`, and bytes that are not UTF-8 become `\xHH`. The escapes are
 * JSON's, so JSON printed through this stays JSON.
 *
 * Returns: (transfer full): the escaped text
 */
char *
kol_display_escape_terminal (const char *text,
                             gssize      length)
{
  GString *out;
  const char *p, *end;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (text == NULL)
    return g_strdup ("");
  end = text + (length < 0 ? (gssize) strlen (text) : length);
  out = g_string_sized_new ((gsize) (end - text));
  for (p = text; p < end;)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (c != '\n' && c != '\t' && (is_control (c) || is_bidi_control (c)))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/**
 * kol_display_isolate:
 * @text: (nullable): a name from a file, in UTF-8
 *
 * For a name put into a sentence of the window: its own bidirectional
 * controls are dropped and control characters shown as U+FFFD, and the
 * whole is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, so a
 * name written right to left (or claiming to be) never reorders the
 * sentence around it.
 *
 * Returns: (transfer full): the isolated name
 */
char *
kol_display_isolate (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_new ("\u2068");

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_bidi_control (c))
        continue;
      if (is_control (c))
        g_string_append_unichar (out, 0xFFFD);
      else
        g_string_append_unichar (out, c);
    }
  g_string_append (out, "\u2069");
  return g_string_free (out, FALSE);
}

/**
 * kol_display_file_name:
 * @file: a file
 *
 * Returns: (transfer full): the file's name for a sentence of the window,
 *   quoted and isolated: “name.koleya”
 */
char *
kol_display_file_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (base != NULL ? base : "");
  g_autofree char *isolated = kol_display_isolate (display);

  /* Translators: a file name quoted in a sentence; use your language's
   * quotation marks. */
  return g_strdup_printf (_("“%s”"), isolated);
}

static gint verbose;

/**
 * kol_display_set_verbose:
 * @on: whether messages name JSON paths and whole folders
 *
 * For koleya-cli --verbose; the window never sets it.
 */
void
kol_display_set_verbose (gboolean on)
{
  g_atomic_int_set (&verbose, on ? 1 : 0);
}

/** kol_display_get_verbose: Returns: whether messages are verbose */
gboolean
kol_display_get_verbose (void)
{
  return g_atomic_int_get (&verbose) != 0;
}

/**
 * kol_display_when:
 * @time: (nullable): a moment
 *
 * @time in local time, to the minute, written as the interface's language
 * writes dates: the catalogue gives the format, because the locale's own
 * (%x) follows LC_TIME, which in the C locale of a Russian interface reads
 * 11/27/26.
 *
 * Returns: (transfer full) (nullable): the text, NULL without a time
 */
char *
kol_display_when (GDateTime *time)
{
  g_autoptr(GDateTime) local = time != NULL ? g_date_time_to_local (time) : NULL;

  if (local == NULL)
    return NULL;
  /* Translators: a date and time in g_date_time_format()'s notation, as
   * your language writes them with digits: 27.11.2026 09:20. */
  return g_date_time_format (local, C_("date and time", "%Y-%m-%d %H:%M"));
}
