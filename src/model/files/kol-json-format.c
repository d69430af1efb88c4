/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-json-format.h"
#include "kol-json-scan.h"

G_DEFINE_QUARK (kol-json-format-error-quark, kol_json_format_error)

/* ---- lexemes ---------------------------------------------------------------
 * Keyed by the value node, which the table holds a reference to: a node is
 * never freed (and its address never reused) while its text is remembered.
 * The value is kept too, so that a node changed in place after parsing is
 * written from its value, not from a stale text. */

typedef struct
{
  char   *text;
  GType   type;
  gint64  i;
  double  d;
  char   *s;
} Lexeme;

struct _KolJsonLexemes
{
  GHashTable *table;    /* JsonNode* (ref) -> Lexeme* */
};

static void
lexeme_free (Lexeme *lexeme)
{
  g_free (lexeme->text);
  g_free (lexeme->s);
  g_free (lexeme);
}

/**
 * kol_json_lexemes_new:
 *
 * Returns: (transfer full): an empty table of the texts values were read as
 */
KolJsonLexemes *
kol_json_lexemes_new (void)
{
  KolJsonLexemes *lexemes = g_new0 (KolJsonLexemes, 1);

  lexemes->table = g_hash_table_new_full (g_direct_hash, g_direct_equal,
                                          (GDestroyNotify) json_node_unref,
                                          (GDestroyNotify) lexeme_free);
  return lexemes;
}

/**
 * kol_json_lexemes_free:
 *
 * Frees @lexemes and drops its references to the nodes.
 */
void
kol_json_lexemes_free (KolJsonLexemes *lexemes)
{
  if (lexemes == NULL)
    return;
  g_hash_table_unref (lexemes->table);
  g_free (lexemes);
}

/**
 * kol_json_lexemes_set:
 * @lexemes: a table
 * @node: a value node (number or string)
 * @text: the exact text @node is written as, quotes included for strings
 *
 * Remembers @text for @node's current value.
 */
void
kol_json_lexemes_set (KolJsonLexemes *lexemes,
                      JsonNode       *node,
                      const char     *text)
{
  Lexeme *lexeme;

  g_return_if_fail (lexemes != NULL);
  g_return_if_fail (JSON_NODE_HOLDS_VALUE (node));

  lexeme = g_new0 (Lexeme, 1);
  lexeme->text = g_strdup (text);
  lexeme->type = json_node_get_value_type (node);
  if (lexeme->type == G_TYPE_INT64)
    lexeme->i = json_node_get_int (node);
  else if (lexeme->type == G_TYPE_DOUBLE)
    lexeme->d = json_node_get_double (node);
  else if (lexeme->type == G_TYPE_STRING)
    lexeme->s = g_strdup (json_node_get_string (node));
  g_hash_table_replace (lexemes->table, json_node_ref (node), lexeme);
}

/**
 * kol_json_lexemes_lookup:
 * @lexemes: (nullable): a table
 * @node: a node
 *
 * Returns: (nullable): the text @node was read as, if it still holds the
 *   value read and the text differs from how the writer would write it
 */
const char *
kol_json_lexemes_lookup (KolJsonLexemes *lexemes,
                         JsonNode       *node)
{
  Lexeme *lexeme;
  GType type;

  if (lexemes == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  lexeme = g_hash_table_lookup (lexemes->table, node);
  if (lexeme == NULL)
    return NULL;
  type = json_node_get_value_type (node);
  if (type != lexeme->type)
    return NULL;
  if (type == G_TYPE_INT64 && json_node_get_int (node) != lexeme->i)
    return NULL;
  /* exact comparison on purpose: the same double, bit for bit */
  if (type == G_TYPE_DOUBLE && memcmp (&lexeme->d, &(double) { json_node_get_double (node) }, sizeof (double)) != 0)
    return NULL;
  if (type == G_TYPE_STRING && g_strcmp0 (json_node_get_string (node), lexeme->s) != 0)
    return NULL;
  return lexeme->text;
}

/**
 * kol_json_lexemes_copy_node:
 * @lexemes: (nullable): a table
 * @node: a tree
 *
 * A deep copy of @node whose values keep the texts they were read as.
 *
 * Returns: (transfer full): the copy
 */
JsonNode *
kol_json_lexemes_copy_node (KolJsonLexemes *lexemes,
                            JsonNode       *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObject *out = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &name, &member))
        json_object_set_member (out, name, kol_json_lexemes_copy_node (lexemes, member));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, out);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      JsonArray *out = json_array_sized_new (json_array_get_length (array));

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (out, kol_json_lexemes_copy_node (lexemes, json_array_get_element (array, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, out);
      return copy;
    }
  copy = json_node_copy (node);
  if (kol_json_lexemes_lookup (lexemes, node) != NULL)
    kol_json_lexemes_set (lexemes, copy, kol_json_lexemes_lookup (lexemes, node));
  return copy;
}

/* ---- comparing ------------------------------------------------------------- */

static gboolean
objects_identical (JsonObject *a,
                   JsonObject *b)
{
  JsonObjectIter iter_a, iter_b;
  const char *name_a, *name_b;
  JsonNode *member_a, *member_b;

  if (a == b)
    return TRUE;
  if (json_object_get_size (a) != json_object_get_size (b))
    return FALSE;
  json_object_iter_init_ordered (&iter_a, a);
  json_object_iter_init_ordered (&iter_b, b);
  while (json_object_iter_next_ordered (&iter_a, &name_a, &member_a))
    {
      if (!json_object_iter_next_ordered (&iter_b, &name_b, &member_b) || !g_str_equal (name_a, name_b)
          || !kol_json_format_identical (member_a, member_b))
        return FALSE;
    }
  return TRUE;
}

static gboolean
values_identical (JsonNode *a,
                  JsonNode *b)
{
  GType type = json_node_get_value_type (a);

  if (type != json_node_get_value_type (b))
    return FALSE;
  if (type == G_TYPE_INT64)
    return json_node_get_int (a) == json_node_get_int (b);
  if (type == G_TYPE_DOUBLE)
    return memcmp (&(double) { json_node_get_double (a) }, &(double) { json_node_get_double (b) },
                   sizeof (double)) == 0;
  if (type == G_TYPE_BOOLEAN)
    return json_node_get_boolean (a) == json_node_get_boolean (b);
  return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
}

/**
 * kol_json_format_identical:
 * @a: a tree
 * @b: another
 *
 * Unlike json_node_equal(), the order of members counts, and an integer is
 * not a double of the same value: two trees are identical when the writer
 * would write them alike (texts kept from reading aside).
 *
 * Returns: whether @a and @b are identical
 */
gboolean
kol_json_format_identical (JsonNode *a,
                           JsonNode *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL || JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      return objects_identical (json_node_get_object (a), json_node_get_object (b));
    case JSON_NODE_ARRAY:
      {
        JsonArray *array_a = json_node_get_array (a), *array_b = json_node_get_array (b);
        guint len = json_array_get_length (array_a);

        if (array_a == array_b)
          return TRUE;
        if (len != json_array_get_length (array_b))
          return FALSE;
        for (guint i = 0; i < len; i++)
          if (!kol_json_format_identical (json_array_get_element (array_a, i), json_array_get_element (array_b, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      return values_identical (a, b);
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/* ---- writing scalars -------------------------------------------------------
 * Strings are escaped as the data files are: only the quote, the backslash
 * and control characters, the usual ones by letter, the others as \u00xx;
 * everything else, non-ASCII included, is written as UTF-8. */

static void
append_escaped (GString    *out,
                const char *s)
{
  g_string_append_c (out, '"');
  for (const char *c = s; *c != '\0'; c++)
    {
      switch (*c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if ((guchar) *c < 0x20)
            g_string_append_printf (out, "\\u%04x", (guint) (guchar) *c);
          else
            g_string_append_c (out, *c);
        }
    }
  g_string_append_c (out, '"');
}

/* The shortest text that reads back as @d, in the form the data files'
 * writer uses: fixed notation with at least one decimal ("10.0") from 1e-4
 * up to 1e16, otherwise "1.5e-05" / "1e+16". */
static void
append_double (GString *out,
               double   d)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char digits[32];
  int ndigits = 0, exponent, decpt;
  const char *e;

  if (d == 0)
    {
      g_string_append (out, signbit (d) ? "-0.0" : "0.0");
      return;
    }
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[16];

      g_snprintf (format, sizeof format, "%%.%de", precision - 1);
      g_ascii_formatd (buf, sizeof buf, format, d);
      if (g_ascii_strtod (buf, NULL) == d)
        break;
    }
  if (buf[0] == '-')
    g_string_append_c (out, '-');
  for (const char *c = buf[0] == '-' ? buf + 1 : buf; *c != 'e' && *c != '\0'; c++)
    if (g_ascii_isdigit (*c))
      digits[ndigits++] = *c;
  while (ndigits > 1 && digits[ndigits - 1] == '0')
    ndigits--;
  e = strchr (buf, 'e');
  exponent = e != NULL ? atoi (e + 1) : 0;
  decpt = exponent + 1;
  if (decpt > -4 && decpt <= 16)
    {
      if (decpt <= 0)
        {
          g_string_append (out, "0.");
          for (int i = 0; i < -decpt; i++)
            g_string_append_c (out, '0');
          g_string_append_len (out, digits, ndigits);
        }
      else if (decpt >= ndigits)
        {
          g_string_append_len (out, digits, ndigits);
          for (int i = ndigits; i < decpt; i++)
            g_string_append_c (out, '0');
          g_string_append (out, ".0");
        }
      else
        {
          g_string_append_len (out, digits, decpt);
          g_string_append_c (out, '.');
          g_string_append_len (out, digits + decpt, ndigits - decpt);
        }
      return;
    }
  g_string_append_c (out, digits[0]);
  if (ndigits > 1)
    {
      g_string_append_c (out, '.');
      g_string_append_len (out, digits + 1, ndigits - 1);
    }
  g_string_append_printf (out, "e%c%02d", exponent < 0 ? '-' : '+', ABS (exponent));
}

static void
append_scalar (GString        *out,
               JsonNode       *node,
               KolJsonLexemes *lexemes)
{
  const char *text = kol_json_lexemes_lookup (lexemes, node);
  GType type;

  if (text != NULL)
    {
      g_string_append (out, text);
      return;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      g_string_append (out, "null");
      return;
    }
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    append_double (out, json_node_get_double (node));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else
    append_escaped (out, json_node_get_string (node));
}

/* ---- the layout rule -------------------------------------------------------
 * Every title file is laid out by one rule, which decides for each array
 * and object whether it stays on one line ("inline", items separated by
 * ", " and keys by ": ") or is expanded, one item per line indented by two
 * spaces more than its parent:
 *
 *   1. scalars and empty containers are written inline;
 *   2. an array of scalars is always inline, however long (market rows);
 *   3. containers holding containers are expanded in the first three levels
 *      of the file (the root, its members, and theirs);
 *   4. otherwise a container is inline when it holds at most one level of
 *      containers and its line, indentation and "key": prefix included
 *      (the trailing comma not), is at most 100 characters long;
 *   5. everything else is expanded.
 *
 * Lengths are in Unicode characters, not bytes. The file ends with a newline. */

#define FORCE_EXPAND_DEPTH 3
#define MAX_INLINE_NESTING 2

static void
append_compact (GString        *out,
                JsonNode       *node,
                KolJsonLexemes *lexemes)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;
      gboolean first = TRUE;

      g_string_append_c (out, '{');
      json_object_iter_init_ordered (&iter, json_node_get_object (node));
      while (json_object_iter_next_ordered (&iter, &name, &member))
        {
          if (!first)
            g_string_append (out, ", ");
          first = FALSE;
          append_escaped (out, name);
          g_string_append (out, ": ");
          append_compact (out, member, lexemes);
        }
      g_string_append_c (out, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      g_string_append_c (out, '[');
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          append_compact (out, json_array_get_element (array, i), lexemes);
        }
      g_string_append_c (out, ']');
    }
  else
    append_scalar (out, node, lexemes);
}

/* Levels of containers in @node (0 for a scalar, 1 for a container of
 * scalars or an empty one, and so on), counted no further than @limit:
 * the layout only asks whether a value has one level, two, or more, and
 * asks it of every container, so counting deeper would make writing a deep
 * file quadratic. The running maximum is kept in a variable: MAX() is a
 * macro that evaluates its arguments twice, and a recursive call inside it
 * made this exponential in the depth. */
static guint
nesting (JsonNode *node,
         guint     limit)
{
  guint deepest = 0;

  if (limit == 0 || (!JSON_NODE_HOLDS_OBJECT (node) && !JSON_NODE_HOLDS_ARRAY (node)))
    return 0;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, json_node_get_object (node));
      while (deepest + 1 < limit && json_object_iter_next_ordered (&iter, &name, &member))
        {
          guint levels = nesting (member, limit - 1);

          deepest = MAX (deepest, levels);
        }
    }
  else
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; deepest + 1 < limit && i < json_array_get_length (array); i++)
        {
          guint levels = nesting (json_array_get_element (array, i), limit - 1);

          deepest = MAX (deepest, levels);
        }
    }
  return deepest + 1;
}

static gboolean
is_empty_container (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    return json_object_get_size (json_node_get_object (node)) == 0;
  if (JSON_NODE_HOLDS_ARRAY (node))
    return json_array_get_length (json_node_get_array (node)) == 0;
  return FALSE;
}

static void
append_indent (GString *out,
               guint    indent)
{
  for (guint i = 0; i < indent; i++)
    g_string_append_c (out, ' ');
}

static void append_layout (GString        *out,
                           JsonNode       *node,
                           guint           depth,
                           guint           indent,
                           glong           prefix,
                           KolJsonLexemes *lexemes);

static void
append_expanded_object (GString        *out,
                        JsonObject     *object,
                        guint           depth,
                        guint           indent,
                        KolJsonLexemes *lexemes)
{
  g_autoptr(GString) key = g_string_new (NULL);
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  gboolean first = TRUE;

  g_string_append (out, "{\n");
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      if (!first)
        g_string_append (out, ",\n");
      first = FALSE;
      g_string_truncate (key, 0);
      append_escaped (key, name);
      g_string_append (key, ": ");
      append_indent (out, indent + 2);
      g_string_append_len (out, key->str, key->len);
      append_layout (out, member, depth + 1, indent + 2, g_utf8_strlen (key->str, key->len), lexemes);
    }
  g_string_append_c (out, '\n');
  append_indent (out, indent);
  g_string_append_c (out, '}');
}

static void
append_expanded_array (GString        *out,
                       JsonArray      *array,
                       guint           depth,
                       guint           indent,
                       KolJsonLexemes *lexemes)
{
  g_string_append (out, "[\n");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      if (i > 0)
        g_string_append (out, ",\n");
      append_indent (out, indent + 2);
      append_layout (out, json_array_get_element (array, i), depth + 1, indent + 2, 0, lexemes);
    }
  g_string_append_c (out, '\n');
  append_indent (out, indent);
  g_string_append_c (out, ']');
}

/* Is @node, written inline, short enough for its line? */
static gboolean
fits (JsonNode       *node,
      guint           indent,
      glong           prefix,
      KolJsonLexemes *lexemes)
{
  g_autoptr(GString) flat = g_string_new (NULL);

  append_compact (flat, node, lexemes);
  return indent + prefix + g_utf8_strlen (flat->str, flat->len) <= KOL_JSON_FORMAT_WIDTH;
}

static void
append_layout (GString        *out,
               JsonNode       *node,
               guint           depth,
               guint           indent,
               glong           prefix,
               KolJsonLexemes *lexemes)
{
  guint levels;

  if (!JSON_NODE_HOLDS_OBJECT (node) && !JSON_NODE_HOLDS_ARRAY (node))
    {
      append_scalar (out, node, lexemes);
      return;
    }
  levels = nesting (node, MAX_INLINE_NESTING + 1);
  if (is_empty_container (node) || (levels == 1 && JSON_NODE_HOLDS_ARRAY (node))
      || (!(depth < FORCE_EXPAND_DEPTH && levels > 1) && levels <= MAX_INLINE_NESTING
          && fits (node, indent, prefix, lexemes)))
    {
      append_compact (out, node, lexemes);
      return;
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    append_expanded_object (out, json_node_get_object (node), depth, indent, lexemes);
  else
    append_expanded_array (out, json_node_get_array (node), depth, indent, lexemes);
}

/**
 * kol_json_format_write:
 * @root: a tree
 * @lexemes: (nullable): the texts values were read as
 *
 * Writes @root as a title file, laid out by the data files' rule (see the
 * comment above append_layout()) and ending with a newline. A file read by
 * kol_json_format_parse() and written unchanged gives back the same bytes,
 * provided it was laid out by that rule.
 *
 * Returns: (transfer full): the text, in UTF-8
 */
char *
kol_json_format_write (JsonNode       *root,
                       KolJsonLexemes *lexemes)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (root != NULL, NULL);

  append_layout (out, root, 0, 0, 0, lexemes);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/**
 * kol_json_format_write_compact:
 * @node: a tree
 * @lexemes: (nullable): the texts values were read as
 *
 * Returns: (transfer full): @node on one line, as the layout writes
 *   inline values
 */
char *
kol_json_format_write_compact (JsonNode       *node,
                               KolJsonLexemes *lexemes)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (node != NULL, NULL);

  append_compact (out, node, lexemes);
  return g_string_free (out, FALSE);
}

/* ---- reading ---------------------------------------------------------------
 * A recursive descent bounded by KOL_JSON_MAX_DEPTH, so the recursion is
 * too. */

typedef struct
{
  const char     *p;
  const char     *end;
  const char     *line_start;
  int             line;
  int             depth;
  guint           n_values;
  KolJsonLexemes *lexemes;
  GError        **error;
} Reader;

static gboolean G_GNUC_PRINTF (2, 3)
fail (Reader     *r,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;
  int column = (int) g_utf8_strlen (r->line_start, r->p - r->line_start) + 1;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: %d are a line and a column number, %s what is wrong there. */
  g_set_error (r->error, KOL_JSON_FORMAT_ERROR, KOL_JSON_FORMAT_ERROR_SYNTAX,
               _("Line %d, column %d: %s"), r->line, column, message);
  return FALSE;
}

static void
skip_space (Reader *r)
{
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
    {
      if (*r->p == '\n')
        {
          r->line++;
          r->line_start = r->p + 1;
        }
      r->p++;
    }
}

static int
hex_digit (char c)
{
  return g_ascii_xdigit_value (c);
}

static gboolean
read_u_escape (Reader   *r,
               gunichar *out)
{
  gunichar value = 0;

  if (r->end - r->p < 4)
    return fail (r, "%s", _("A \\u escape needs four hexadecimal digits"));
  for (int i = 0; i < 4; i++)
    {
      int digit = hex_digit (r->p[i]);

      if (digit < 0)
        return fail (r, "%s", _("A \\u escape needs four hexadecimal digits"));
      value = value * 16 + (gunichar) digit;
    }
  r->p += 4;
  *out = value;
  return TRUE;
}

static gboolean
read_escape (Reader  *r,
             GString *out)
{
  gunichar c, low;

  switch (*r->p++)
    {
    case '"': g_string_append_c (out, '"'); return TRUE;
    case '\\': g_string_append_c (out, '\\'); return TRUE;
    case '/': g_string_append_c (out, '/'); return TRUE;
    case 'b': g_string_append_c (out, '\b'); return TRUE;
    case 'f': g_string_append_c (out, '\f'); return TRUE;
    case 'n': g_string_append_c (out, '\n'); return TRUE;
    case 'r': g_string_append_c (out, '\r'); return TRUE;
    case 't': g_string_append_c (out, '\t'); return TRUE;
    case 'u':
      break;
    default:
      r->p--;
      return fail (r, "%s", _("Unknown escape in a string"));
    }
  if (!read_u_escape (r, &c))
    return FALSE;
  if (c >= 0xd800 && c < 0xdc00)
    {
      if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u')
        return fail (r, "%s", _("A surrogate escape must come in a pair"));
      r->p += 2;
      if (!read_u_escape (r, &low))
        return FALSE;
      if (low < 0xdc00 || low > 0xdfff)
        return fail (r, "%s", _("A surrogate escape must come in a pair"));
      c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
    }
  else if ((c >= 0xdc00 && c <= 0xdfff) || c == 0)
    return fail (r, "%s", c == 0 ? _("A string cannot hold the character U+0000")
                                 : _("A surrogate escape must come in a pair"));
  g_string_append_unichar (out, c);
  return TRUE;
}

/* Reads a string, its opening quote already passed, into @out. */
static gboolean
read_string_body (Reader     *r,
                  GString    *out)
{
  while (r->p < r->end)
    {
      char c = *r->p;

      if (c == '"')
        {
          r->p++;
          return TRUE;
        }
      if ((guchar) c < 0x20)
        return fail (r, "%s", _("A control character must be escaped in a string"));
      r->p++;
      if (c != '\\')
        g_string_append_c (out, c);
      else if (r->p >= r->end)
        break;
      else if (!read_escape (r, out))
        return FALSE;
    }
  return fail (r, "%s", _("The string is not closed"));
}

static JsonNode *
read_string (Reader *r)
{
  g_autoptr(GString) value = g_string_new (NULL);
  g_autoptr(GString) canonical = g_string_new (NULL);
  const char *start = r->p;
  JsonNode *node;

  r->p++;
  if (!read_string_body (r, value))
    return NULL;
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, value->str);
  append_escaped (canonical, value->str);
  if (r->lexemes != NULL && (canonical->len != (gsize) (r->p - start)
                             || memcmp (canonical->str, start, canonical->len) != 0))
    {
      g_autofree char *raw = g_strndup (start, r->p - start);

      kol_json_lexemes_set (r->lexemes, node, raw);
    }
  return node;
}

static gboolean
skip_digits (Reader *r)
{
  const char *start = r->p;

  while (r->p < r->end && g_ascii_isdigit (*r->p))
    r->p++;
  return r->p > start;
}

/* Integers stay integers when they fit in 64 bits; numbers with a fraction
 * or an exponent become doubles and keep their text, so that "10.0" and
 * "1e3" are written back as they were. */
/* Checks the number grammar of RFC 8259 and moves past the number. */
static gboolean
skip_number (Reader *r)
{
  if (*r->p == '-')
    r->p++;
  if (r->p < r->end && *r->p == '0')
    r->p++;
  else if (!skip_digits (r))
    return FALSE;
  if (r->p < r->end && *r->p == '.')
    {
      r->p++;
      if (!skip_digits (r))
        return FALSE;
    }
  if (r->p < r->end && (*r->p == 'e' || *r->p == 'E'))
    {
      r->p++;
      if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
        r->p++;
      if (!skip_digits (r))
        return FALSE;
    }
  return TRUE;
}

/* Integers stay integers when they fit in 64 bits; numbers with a fraction
 * or an exponent become doubles and keep their text, so that "10.0" and
 * "1e3" are written back as they were. */
static JsonNode *
read_number (Reader *r)
{
  const char *start = r->p;
  g_autofree char *text = NULL;
  char canonical[32];
  JsonNode *node;
  gint64 i;
  double d;

  if (!skip_number (r))
    {
      fail (r, "%s", _("A number is malformed"));
      return NULL;
    }
  text = g_strndup (start, r->p - start);
  errno = 0;
  i = g_ascii_strtoll (text, NULL, 10);
  if (strpbrk (text, ".eE") == NULL && errno == 0)
    {
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (node, i);
      g_snprintf (canonical, sizeof canonical, "%" G_GINT64_FORMAT, i);
      if (r->lexemes != NULL && !g_str_equal (canonical, text))
        kol_json_lexemes_set (r->lexemes, node, text);
      return node;
    }
  d = g_ascii_strtod (text, NULL);
  if (!isfinite (d))
    {
      fail (r, "%s", _("A number is too large"));
      return NULL;
    }
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_double (node, d);
  if (r->lexemes != NULL)
    kol_json_lexemes_set (r->lexemes, node, text);
  return node;
}

static gboolean
expect_word (Reader     *r,
             const char *word)
{
  gsize len = strlen (word);

  if ((gsize) (r->end - r->p) < len || memcmp (r->p, word, len) != 0)
    return fail (r, "%s", _("Unexpected character"));
  r->p += len;
  return TRUE;
}

static JsonNode *read_value (Reader *r);

static gboolean
read_members (Reader     *r,
              JsonObject *object)
{
  for (;;)
    {
      g_autoptr(GString) key = g_string_new (NULL);
      JsonNode *value;

      skip_space (r);
      if (r->p >= r->end || *r->p != '"')
        return fail (r, "%s", _("A member name in quotes is expected"));
      r->p++;
      if (!read_string_body (r, key))
        return FALSE;
      if (json_object_has_member (object, key->str))
        /* Translators: %s is a JSON member name. */
        return fail (r, _("The key “%s” appears twice in one object"), key->str);
      skip_space (r);
      if (r->p >= r->end || *r->p != ':')
        return fail (r, "%s", _("A colon is expected after a member name"));
      r->p++;
      if ((value = read_value (r)) == NULL)
        return FALSE;
      json_object_set_member (object, key->str, value);
      skip_space (r);
      if (r->p < r->end && *r->p == ',')
        {
          r->p++;
          continue;
        }
      if (r->p < r->end && *r->p == '}')
        {
          r->p++;
          return TRUE;
        }
      return fail (r, "%s", _("A comma or a closing brace is expected"));
    }
}

static JsonNode *
read_object (Reader *r)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == '}')
    {
      r->p++;
      return node;
    }
  if (!read_members (r, object))
    g_clear_pointer (&node, json_node_unref);
  return node;
}

static JsonNode *
read_array (Reader *r)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, array);
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == ']')
    {
      r->p++;
      return node;
    }
  for (;;)
    {
      JsonNode *element = read_value (r);

      if (element == NULL)
        {
          json_node_unref (node);
          return NULL;
        }
      json_array_add_element (array, element);
      skip_space (r);
      if (r->p < r->end && *r->p == ',')
        {
          r->p++;
          continue;
        }
      if (r->p < r->end && *r->p == ']')
        {
          r->p++;
          return node;
        }
      fail (r, "%s", _("A comma or a closing bracket is expected"));
      json_node_unref (node);
      return NULL;
    }
}

static JsonNode *
read_value (Reader *r)
{
  JsonNode *node = NULL;

  skip_space (r);
  if (r->p >= r->end)
    {
      fail (r, "%s", _("The text ends where a value is expected"));
      return NULL;
    }
  /* the tree costs about a hundred bytes a value: bounded as the loader's
   * scanner bounds it */
  if (++r->n_values > KOL_JSON_MAX_VALUES)
    {
      fail (r, _("The file holds more than %d values, more than any game or title needs"), KOL_JSON_MAX_VALUES);
      return NULL;
    }
  if (*r->p == '{' || *r->p == '[')
    {
      if (++r->depth > KOL_JSON_MAX_DEPTH)
        {
          /* Translators: %d is the largest nesting depth allowed. */
          fail (r, _("Values are nested more than %d deep"), KOL_JSON_MAX_DEPTH);
          return NULL;
        }
      node = *r->p == '{' ? read_object (r) : read_array (r);
      r->depth--;
      return node;
    }
  if (*r->p == '"')
    return read_string (r);
  if (*r->p == '-' || g_ascii_isdigit (*r->p))
    return read_number (r);
  node = json_node_new (JSON_NODE_VALUE);
  if (*r->p == 't' && expect_word (r, "true"))
    json_node_set_boolean (node, TRUE);
  else if (*r->p == 'f' && expect_word (r, "false"))
    json_node_set_boolean (node, FALSE);
  else if (*r->p == 'n' && expect_word (r, "null"))
    json_node_init_null (node);
  else
    {
      if (*r->p != 't' && *r->p != 'f' && *r->p != 'n')
        fail (r, "%s", _("Unexpected character"));
      g_clear_pointer (&node, json_node_unref);
    }
  return node;
}

/**
 * kol_json_format_parse:
 * @text: UTF-8 text
 * @length: its length in bytes, or -1 when NUL-terminated
 * @lexemes: (nullable): where to remember the texts of values the writer
 *   would write differently
 * @error: return location for a #KOL_JSON_FORMAT_ERROR
 *
 * Reads strict JSON (RFC 8259, no byte order mark, no key twice in an
 * object, no U+0000 in strings, at most KOL_JSON_MAX_DEPTH levels and
 * KOL_JSON_MAX_VALUES values).
 *
 * Returns: (transfer full) (nullable): the tree, or %NULL with @error set
 */
JsonNode *
kol_json_format_parse (const char     *text,
                       gssize          length,
                       KolJsonLexemes *lexemes,
                       GError        **error)
{
  Reader r = { 0 };
  const char *bad = NULL;
  JsonNode *root;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  r.p = r.line_start = text;
  r.end = text + length;
  r.line = 1;
  r.lexemes = lexemes;
  r.error = error;
  if (!g_utf8_validate (text, length, &bad))
    {
      for (const char *c = text; c < bad; c++)
        if (*c == '\n')
          r.line++, r.line_start = c + 1;
      r.p = bad;
      fail (&r, "%s", _("The text is not valid UTF-8"));
      return NULL;
    }
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
      {
        fail (&r, "%s", _("The file starts with a byte order mark"));
        return NULL;
      }
  if ((root = read_value (&r)) == NULL)
    return NULL;
  skip_space (&r);
  if (r.p < r.end)
    {
      fail (&r, "%s", _("Unexpected text after the end of the value"));
      json_node_unref (root);
      return NULL;
    }
  return root;
}
