/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-json-scan.h"

typedef struct
{
  gboolean    is_object;
  guint       index;      /* arrays: index of the current element */
  gsize       path_len;   /* length of the container's own path */
  guint       first_key;  /* objects: its names in Scanner.key_offsets from here */
  gsize       arena_len;  /* ... and in Scanner.key_arena from here */
  GHashTable *keys;       /* objects with many members: the names seen */
} Frame;

/* Up to this many members, an object's names are compared one by one; a
 * hash set takes over for larger (hostile) objects. */
#define LINEAR_KEYS 32

struct _KolJsonScan
{
  GPtrArray  *issues;
  GHashTable *positions;    /* path -> packed line/column, or NULL */
  GHashTable *bad_numbers;  /* paths */
  gboolean    parsable;
};

/* The state while scanning; the text is only borrowed for that time. */
typedef struct
{
  KolJsonScan *scan;
  const char  *p;
  const char  *end;
  int          line;
  int          column;
  GString     *path;
  GArray      *frames;
  GString     *key;          /* the member name being read */
  GString     *key_arena;    /* names of the open objects, NUL-separated */
  GArray      *key_offsets;  /* gsize: where each name starts in key_arena */
  guint        n_values;
  const char  *target;       /* kol_json_scan_find(): the path looked for */
  gboolean     found;
  int          found_line;
  int          found_column;
} Scanner;

#define PACK(line, column) ((((guint64) (line)) << 32) | (guint32) (column))

void
kol_json_issue_free (KolJsonIssue *issue)
{
  if (issue == NULL)
    return;
  g_free (issue->path);
  g_free (issue->message);
  g_free (issue);
}

static gboolean
is_identifier (const char *key)
{
  if (!g_ascii_isalpha (key[0]) && key[0] != '_')
    return FALSE;
  for (const char *c = key; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

/**
 * kol_json_path_append_key:
 * @path: a JSON path being built
 * @key: a member name
 *
 * Appends the member in dot notation when it is an identifier, otherwise in
 * bracket notation with quotes and backslashes escaped.
 */
void
kol_json_path_append_key (GString    *path,
                          const char *key)
{
  if (is_identifier (key))
    {
      g_string_append_c (path, '.');
      g_string_append (path, key);
      return;
    }
  g_string_append (path, "['");
  for (const char *c = key; *c != '\0'; c++)
    {
      if (*c == '\'' || *c == '\\')
        g_string_append_c (path, '\\');
      g_string_append_c (path, *c);
    }
  g_string_append (path, "']");
}

/**
 * kol_json_path_key:
 *
 * Returns: (transfer full): @path followed by member @key.
 */
char *
kol_json_path_key (const char *path,
                   const char *key)
{
  GString *out = g_string_new (path);

  kol_json_path_append_key (out, key);
  return g_string_free (out, FALSE);
}

/**
 * kol_json_path_set_index:
 * @path: a path whose first @base bytes are the path of an array
 * @base: that length
 * @index: an element
 *
 * Makes @path the path of element @index in place, so that a loop over an
 * array needs no allocation per element.
 *
 * Returns: (transfer none): @path's string
 */
const char *
kol_json_path_set_index (GString *path,
                         gsize    base,
                         guint    index)
{
  char digits[16];

  g_snprintf (digits, sizeof digits, "[%u]", index);
  g_string_truncate (path, base);
  g_string_append (path, digits);
  return path->str;
}

/**
 * kol_json_path_index:
 *
 * Returns: (transfer full): @path followed by element @index.
 */
char *
kol_json_path_index (const char *path,
                     guint       index)
{
  return g_strdup_printf ("%s[%u]", path, index);
}

static void
add_issue (Scanner    *s,
           int         line,
           int         column,
           const char *path,
           char       *message)
{
  KolJsonIssue *issue;

  if (s->scan->issues->len >= KOL_JSON_MAX_ISSUES)
    {
      g_free (message);
      if (s->scan->parsable)
        {
          s->scan->parsable = FALSE;
          issue = g_new0 (KolJsonIssue, 1);
          issue->line = line;
          issue->column = column;
          /* Translators: %d is a number of problems. */
          issue->message = g_strdup_printf (_("More than %d problems: the rest of the file is not checked"),
                                            KOL_JSON_MAX_ISSUES);
          g_ptr_array_add (s->scan->issues, issue);
        }
      return;
    }
  issue = g_new0 (KolJsonIssue, 1);
  issue->path = g_strdup (path);
  issue->line = line;
  issue->column = column;
  issue->message = message;
  g_ptr_array_add (s->scan->issues, issue);
}

/* A fatal problem: the text is not JSON, so scanning stops here. */
static gboolean
fail (Scanner *s,
      char    *message)
{
  add_issue (s, s->line, s->column, s->path->len > 0 ? s->path->str : NULL, message);
  s->scan->parsable = FALSE;
  return FALSE;
}

static void
advance (Scanner *s)
{
  unsigned char c = (unsigned char) *s->p++;

  if (c == '\n')
    {
      s->line++;
      s->column = 1;
    }
  else if ((c & 0xC0) != 0x80)
    s->column++;
}

static void
skip_space (Scanner *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    advance (s);
}

/* What stands at the current position, for messages. */
static char *
found_here (Scanner *s)
{
  const char *next;

  if (s->p >= s->end)
    return g_strdup (_("the end of the file"));
  next = g_utf8_find_next_char (s->p, s->end);
  return g_strdup_printf ("“%.*s”", (int) ((next ? next : s->end) - s->p), s->p);
}

static gboolean
fail_expected (Scanner    *s,
               const char *expected)
{
  g_autofree char *found = found_here (s);

  /* Translators: the first %s is what was expected (e.g. “,” or “}”), the
   * second what the file has there (a quoted character or “the end of the
   * file”). */
  return fail (s, g_strdup_printf (_("Expected %s but found %s"), expected, found));
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (Scanner  *s,
           gunichar *out)
{
  *out = 0;
  for (int i = 0; i < 4; i++)
    {
      int v = s->p < s->end ? hex_value (*s->p) : -1;

      if (v < 0)
        return fail (s, g_strdup (_("A \\u escape needs four hexadecimal digits")));
      *out = (*out << 4) | (gunichar) v;
      advance (s);
    }
  return TRUE;
}

/* After "\u": one code point, joining a surrogate pair. */
static gboolean
read_unicode_escape (Scanner  *s,
                     gunichar *out)
{
  gunichar low;

  if (!read_hex4 (s, out))
    return FALSE;
  if (*out >= 0xDC00 && *out <= 0xDFFF)
    return fail (s, g_strdup (_("A \\u escape holds half of a surrogate pair")));
  if (*out < 0xD800 || *out > 0xDBFF)
    return TRUE;
  if (s->end - s->p < 2 || s->p[0] != '\\' || s->p[1] != 'u')
    return fail (s, g_strdup (_("A \\u escape holds half of a surrogate pair")));
  advance (s);
  advance (s);
  if (!read_hex4 (s, &low))
    return FALSE;
  if (low < 0xDC00 || low > 0xDFFF)
    return fail (s, g_strdup (_("A \\u escape holds half of a surrogate pair")));
  *out = 0x10000 + ((*out - 0xD800) << 10) + (low - 0xDC00);
  return TRUE;
}

static gboolean
read_escape (Scanner *s,
             GString *decoded)
{
  static const char simple[] = "\"\\/bfnrt";
  static const char meaning[] = "\"\\/\b\f\n\r\t";
  const char *which;
  gunichar ch;

  advance (s);  /* the backslash */
  if (s->p >= s->end)
    return fail (s, g_strdup (_("The file ends inside a string")));
  which = *s->p != '\0' ? strchr (simple, *s->p) : NULL;
  if (which != NULL)
    {
      if (decoded != NULL)
        g_string_append_c (decoded, meaning[which - simple]);
      advance (s);
      return TRUE;
    }
  if (*s->p != 'u')
    {
      g_autofree char *found = found_here (s);
      /* Translators: %s is the character after a backslash, in quotes. */
      return fail (s, g_strdup_printf (_("Unknown escape \\%s in a string"), found));
    }
  advance (s);
  if (!read_unicode_escape (s, &ch))
    return FALSE;
  if (ch == 0)
    return fail (s, g_strdup (_("A string holds a NUL character (\\u0000)")));
  if (decoded != NULL)
    g_string_append_unichar (decoded, ch);
  return TRUE;
}

/* At the opening quote; with @decoded, collects the string's value. */
static gboolean
read_string (Scanner *s,
             GString *decoded)
{
  advance (s);
  for (;;)
    {
      unsigned char c;

      if (s->p >= s->end)
        return fail (s, g_strdup (_("The file ends inside a string")));
      c = (unsigned char) *s->p;
      if (c == '"')
        {
          advance (s);
          return TRUE;
        }
      if (c < 0x20)
        return fail (s, g_strdup (_("A string holds a control character; write it as an escape such as \\n")));
      if (c == '\\')
        {
          if (!read_escape (s, decoded))
            return FALSE;
          continue;
        }
      if (decoded != NULL)
        g_string_append_c (decoded, (char) c);
      advance (s);
    }
}

static void
skip_digits (Scanner *s)
{
  while (s->p < s->end && g_ascii_isdigit (*s->p))
    advance (s);
}

/* Numbers follow RFC 8259; integers must fit in 64 bits and other numbers
 * must be finite, since json-glib would wrap or overflow them silently. */
static gboolean
read_number (Scanner *s)
{
  const char *start = s->p;
  int line = s->line, column = s->column;
  gboolean integral = TRUE;
  g_autofree char *literal = NULL;
  gboolean in_range;

  if (*s->p == '-')
    advance (s);
  if (s->p >= s->end || !g_ascii_isdigit (*s->p))
    return fail_expected (s, _("a digit"));
  if (*s->p == '0')
    advance (s);
  else
    skip_digits (s);
  if (s->p < s->end && *s->p == '.')
    {
      integral = FALSE;
      advance (s);
      if (s->p >= s->end || !g_ascii_isdigit (*s->p))
        return fail_expected (s, _("a digit"));
      skip_digits (s);
    }
  if (s->p < s->end && (*s->p == 'e' || *s->p == 'E'))
    {
      integral = FALSE;
      advance (s);
      if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
        advance (s);
      if (s->p >= s->end || !g_ascii_isdigit (*s->p))
        return fail_expected (s, _("a digit"));
      skip_digits (s);
    }

  literal = g_strndup (start, (gsize) (s->p - start));
  errno = 0;
  if (integral)
    {
      g_ascii_strtoll (literal, NULL, 10);
      in_range = errno != ERANGE;
    }
  else
    in_range = isfinite (g_ascii_strtod (literal, NULL));
  if (!in_range)
    {
      g_hash_table_add (s->scan->bad_numbers, g_strdup (s->path->str));
      /* Translators: %s is a number as written in the file. */
      add_issue (s, line, column, s->path->str,
                 g_strdup_printf (_("The number %.40s is out of range"), literal));
    }
  return TRUE;
}

static gboolean
read_literal (Scanner *s)
{
  static const char *const words[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      gsize len = strlen (words[i]);

      if ((gsize) (s->end - s->p) >= len && memcmp (s->p, words[i], len) == 0)
        {
          for (gsize k = 0; k < len; k++)
            advance (s);
          return TRUE;
        }
    }
  return fail_expected (s, _("a value (object, array, string, number, true, false or null)"));
}

static Frame *
top (Scanner *s)
{
  return s->frames->len > 0 ? &g_array_index (s->frames, Frame, s->frames->len - 1) : NULL;
}

static gboolean
push (Scanner *s,
      gboolean is_object)
{
  Frame frame = { is_object, 0, s->path->len, s->key_offsets->len, s->key_arena->len, NULL };

  if (s->frames->len >= KOL_JSON_MAX_DEPTH)
    return fail (s, g_strdup_printf (_("The values are nested more than %d levels deep"),
                                     KOL_JSON_MAX_DEPTH));
  g_array_append_val (s->frames, frame);
  advance (s);  /* the bracket */
  return TRUE;
}

static void
pop (Scanner *s)
{
  Frame *frame = top (s);

  g_string_truncate (s->path, frame->path_len);
  g_string_truncate (s->key_arena, frame->arena_len);
  g_array_set_size (s->key_offsets, frame->first_key);
  g_clear_pointer (&frame->keys, g_hash_table_unref);
  g_array_set_size (s->frames, s->frames->len - 1);
  advance (s);  /* the bracket */
}

/* Adds @key to the names of @frame's object; FALSE if it was there. */
static gboolean
remember_key (Scanner    *s,
              Frame      *frame,
              const char *key)
{
  guint n = s->key_offsets->len - frame->first_key;

  if (frame->keys != NULL)
    return g_hash_table_add (frame->keys, g_strdup (key));
  for (guint i = frame->first_key; i < s->key_offsets->len; i++)
    if (g_str_equal (s->key_arena->str + g_array_index (s->key_offsets, gsize, i), key))
      return FALSE;
  if (n + 1 > LINEAR_KEYS)
    {
      frame->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = frame->first_key; i < s->key_offsets->len; i++)
        g_hash_table_add (frame->keys, g_strdup (s->key_arena->str + g_array_index (s->key_offsets, gsize, i)));
      return g_hash_table_add (frame->keys, g_strdup (key));
    }
  g_array_append_val (s->key_offsets, s->key_arena->len);
  g_string_append_len (s->key_arena, key, (gssize) strlen (key) + 1);
  return TRUE;
}

/* At the quote of a member name: reads it, the colon, and makes the member
 * the current path. */
static gboolean
read_member_name (Scanner *s)
{
  Frame *frame = top (s);
  GString *key = s->key;
  int line = s->line, column = s->column;

  if (s->p >= s->end || *s->p != '"')
    return fail_expected (s, _("a member name in double quotes"));
  g_string_truncate (key, 0);
  if (!read_string (s, key))
    return FALSE;
  g_string_truncate (s->path, frame->path_len);
  kol_json_path_append_key (s->path, key->str);
  if (!remember_key (s, frame, key->str))
    /* Translators: %s is a member name of a JSON object. */
    add_issue (s, line, column, s->path->str,
               g_strdup_printf (_("The member “%s” appears twice in this object"), key->str));
  skip_space (s);
  if (s->p >= s->end || *s->p != ':')
    return fail_expected (s, "“:”");
  advance (s);
  return TRUE;
}

static void
set_element_path (Scanner *s)
{
  Frame *frame = top (s);

  g_string_truncate (s->path, frame->path_len);
  g_string_append_printf (s->path, "[%u]", frame->index);
}

static void
record (Scanner *s)
{
  if (s->target != NULL && !s->found && g_str_equal (s->path->str, s->target))
    {
      s->found = TRUE;
      s->found_line = s->line;
      s->found_column = s->column;
    }
  if (s->scan->positions != NULL)
    g_hash_table_insert (s->scan->positions, g_strdup (s->path->str),
                         g_memdup2 (&(guint64) { PACK (s->line, s->column) }, sizeof (guint64)));
}

/* At the start of a value: consumes a scalar, or opens a container. Sets
 * *@opened when a container was opened and its first element is expected. */
static gboolean
read_value (Scanner  *s,
            gboolean *opened)
{
  *opened = FALSE;
  if (s->p >= s->end)
    return fail_expected (s, _("a value (object, array, string, number, true, false or null)"));
  if (++s->n_values > KOL_JSON_MAX_VALUES)
    /* Translators: %d is a number of JSON values (objects, arrays, strings,
     * numbers). */
    return fail (s, g_strdup_printf (_("The file holds more than %d values, more than any game or title "
                                       "needs"), KOL_JSON_MAX_VALUES));
  record (s);
  switch (*s->p)
    {
    case '{':
    case '[':
      if (!push (s, *s->p == '{'))
        return FALSE;
      *opened = TRUE;
      return TRUE;
    case '"':
      return read_string (s, NULL);
    case '-':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return read_number (s);
    default:
      return read_literal (s);
    }
}

/* Just after a container was opened: either it closes at once, or its first
 * member/element begins. Returns TRUE with *@expect_value set accordingly. */
static gboolean
open_container (Scanner  *s,
                gboolean *expect_value)
{
  Frame *frame = top (s);
  char close = frame->is_object ? '}' : ']';

  skip_space (s);
  if (s->p < s->end && *s->p == close)
    {
      pop (s);
      *expect_value = FALSE;
      return TRUE;
    }
  *expect_value = TRUE;
  if (frame->is_object)
    return read_member_name (s);
  set_element_path (s);
  return TRUE;
}

/* After a value inside a container: a comma and the next member/element,
 * or the closing bracket. */
static gboolean
continue_container (Scanner  *s,
                    gboolean *expect_value)
{
  Frame *frame = top (s);
  char close = frame->is_object ? '}' : ']';

  skip_space (s);
  if (s->p < s->end && *s->p == close)
    {
      pop (s);
      *expect_value = FALSE;
      return TRUE;
    }
  if (s->p >= s->end || *s->p != ',')
    return fail_expected (s, frame->is_object ? "“,” / “}”" : "“,” / “]”");
  advance (s);
  skip_space (s);
  *expect_value = TRUE;
  if (frame->is_object)
    return read_member_name (s);
  frame->index++;
  set_element_path (s);
  return TRUE;
}

static void
scan_text (Scanner *s)
{
  gboolean expect_value = TRUE;

  skip_space (s);
  if (s->p >= s->end)
    {
      fail (s, g_strdup (_("The file is empty")));
      return;
    }
  for (;;)
    {
      gboolean ok;

      skip_space (s);
      if (expect_value)
        {
          gboolean opened;

          ok = read_value (s, &opened);
          if (ok && opened)
            ok = open_container (s, &expect_value);
          else
            expect_value = FALSE;
        }
      else if (s->frames->len == 0)
        {
          if (s->p < s->end)
            fail (s, g_strdup (_("There is more text after the end of the JSON value")));
          return;
        }
      else
        ok = continue_container (s, &expect_value);
      if (!ok)
        return;
    }
}

static gboolean
check_encoding (Scanner *s)
{
  const char *bad = NULL;

  if (s->end - s->p >= 3 && memcmp (s->p, "\xEF\xBB\xBF", 3) == 0)
    return fail (s, g_strdup (_("The file starts with a byte order mark; save it as UTF-8 without one")));
  if (g_utf8_validate_len (s->p, (gsize) (s->end - s->p), &bad))
    return TRUE;
  while (s->p < bad)
    advance (s);
  return fail (s, g_strdup (_("The file is not valid UTF-8 text")));
}

/* Scans the whole text into @s->scan (never recursing, whatever the
 * input). */
static void
scan_all (Scanner *s)
{
  gsize length = (gsize) (s->end - s->p);

  s->path = g_string_new ("$");
  s->frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  s->key = g_string_new (NULL);
  s->key_arena = g_string_new (NULL);
  s->key_offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (length > KOL_JSON_MAX_SIZE)
    fail (s, g_strdup_printf (_("The file is larger than %d MiB"), KOL_JSON_MAX_SIZE / (1024 * 1024)));
  else if (check_encoding (s))
    scan_text (s);

  for (guint i = 0; i < s->frames->len; i++)
    g_clear_pointer (&g_array_index (s->frames, Frame, i).keys, g_hash_table_unref);
  g_array_unref (s->frames);
  g_string_free (s->path, TRUE);
  g_string_free (s->key, TRUE);
  g_string_free (s->key_arena, TRUE);
  g_array_unref (s->key_offsets);
}

static KolJsonScan *
scan_new (gboolean record_positions)
{
  KolJsonScan *scan = g_new0 (KolJsonScan, 1);

  scan->issues = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_json_issue_free);
  scan->bad_numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (record_positions)
    scan->positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  scan->parsable = TRUE;
  return scan;
}

/**
 * kol_json_scan_new:
 * @text: the file's contents
 * @length: its length in bytes
 * @record_positions: whether to remember where every value starts
 *
 * Scans @text completely (never recursing, whatever the input).
 *
 * Returns: (transfer full): the result, to query and free.
 */
KolJsonScan *
kol_json_scan_new (const char *text,
                   gsize       length,
                   gboolean    record_positions)
{
  KolJsonScan *scan = scan_new (record_positions);
  Scanner s = { scan, text, text + length, 1, 1 };

  scan_all (&s);
  return scan;
}

/**
 * kol_json_scan_find:
 * @text: the file's contents
 * @length: its length in bytes
 * @path: a JSON path ("$.actions[56].hex")
 * @line: (out): 1-based line
 * @column: (out): 1-based column, in characters
 *
 * Finds where one value starts, in memory bounded whatever the file
 * (kol_json_scan_new() with positions keeps the path of every value).
 *
 * Returns: %TRUE if a value starts at @path.
 */
gboolean
kol_json_scan_find (const char *text,
                    gsize       length,
                    const char *path,
                    int        *line,
                    int        *column)
{
  g_autoptr(KolJsonScan) scan = scan_new (FALSE);
  Scanner s = { scan, text, text + length, 1, 1 };

  if (path == NULL)
    return FALSE;
  s.target = path;
  scan_all (&s);
  if (!s.found)
    return FALSE;
  *line = s.found_line;
  *column = s.found_column;
  return TRUE;
}

/**
 * kol_json_read_file:
 * @file: a file
 * @text: (out) (transfer full): its contents, NUL-terminated
 * @length: (out): their length in bytes
 * @error: return location for a #GError
 *
 * Reads a file that the scanner is to check. A folder, a device, a pipe or
 * a file larger than %KOL_JSON_MAX_SIZE is refused before it is read.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_json_read_file (GFile   *file,
                    char   **text,
                    gsize   *length,
                    GError **error)
{
  g_autoptr(GFileInfo) info = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("It is not a regular file"));
      return FALSE;
    }
  if (g_file_info_get_size (info) > KOL_JSON_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The file is larger than %d MiB"),
                   KOL_JSON_MAX_SIZE / (1024 * 1024));
      return FALSE;
    }
  return g_file_load_contents (file, NULL, text, length, NULL, error);
}

/**
 * kol_json_check_text:
 * @text: a file's contents
 * @length: their length in bytes
 * @error: return location for a #GError
 *
 * For readers that need no positions: is @text JSON that json-glib may
 * parse (not too deep, not too many values)?
 *
 * Returns: %TRUE if it is; otherwise @error says where the first problem is
 */
gboolean
kol_json_check_text (const char *text,
                     gsize       length,
                     GError    **error)
{
  g_autoptr(KolJsonScan) scan = kol_json_scan_new (text != NULL ? text : "", length, FALSE);
  const KolJsonIssue *first;

  if (kol_json_scan_is_parsable (scan))
    return TRUE;
  first = g_ptr_array_index (scan->issues, 0);
  /* Translators: a problem in a file: %d are the line and column, %s says
   * what is wrong. */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("line %d, column %d: %s"), first->line,
               first->column, first->message);
  return FALSE;
}

/**
 * kol_json_scan_free:
 *
 * Frees @scan.
 */
void
kol_json_scan_free (KolJsonScan *scan)
{
  if (scan == NULL)
    return;
  g_ptr_array_unref (scan->issues);
  g_clear_pointer (&scan->positions, g_hash_table_unref);
  g_hash_table_unref (scan->bad_numbers);
  g_free (scan);
}

/**
 * kol_json_scan_is_parsable:
 *
 * Returns: %TRUE if the text is JSON that json-glib may parse safely.
 */
gboolean
kol_json_scan_is_parsable (const KolJsonScan *scan)
{
  return scan->parsable;
}

/**
 * kol_json_scan_get_issues:
 *
 * Returns: (transfer none) (element-type KolJsonIssue): the issues found.
 */
GPtrArray *
kol_json_scan_get_issues (const KolJsonScan *scan)
{
  return scan->issues;
}

/**
 * kol_json_scan_lookup:
 * @scan: a scan made with positions recorded
 * @path: a JSON path
 * @line: (out): 1-based line
 * @column: (out): 1-based column, in characters
 *
 * Returns: %TRUE if a value starts at @path.
 */
gboolean
kol_json_scan_lookup (const KolJsonScan *scan,
                      const char        *path,
                      int               *line,
                      int               *column)
{
  const guint64 *packed;

  if (scan->positions == NULL || path == NULL)
    return FALSE;
  packed = g_hash_table_lookup (scan->positions, path);
  if (packed == NULL)
    return FALSE;
  *line = (int) (*packed >> 32);
  *column = (int) (*packed & 0xffffffffu);
  return TRUE;
}

/**
 * kol_json_scan_has_bad_numbers:
 *
 * Returns: %TRUE if any number of the text was out of range.
 */
gboolean
kol_json_scan_has_bad_numbers (const KolJsonScan *scan)
{
  return g_hash_table_size (scan->bad_numbers) > 0;
}

/**
 * kol_json_scan_is_bad_number:
 *
 * Returns: %TRUE if the number at @path was reported out of range.
 */
gboolean
kol_json_scan_is_bad_number (const KolJsonScan *scan,
                             const char        *path)
{
  return path != NULL && g_hash_table_size (scan->bad_numbers) > 0
         && g_hash_table_contains (scan->bad_numbers, path);
}
