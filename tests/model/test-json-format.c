/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-json-format.h"
#include "kol-json-scan.h"

/*
 * The title files' reader and writer: the layout rule the
 * data files follow, rule by rule (kol-json-format.c), scalars written as
 * the data files write them, texts kept as read where the writer would
 * write them otherwise, and strict reading with line and column.
 */

static char *
write_text (const char *json,
            gboolean    keep_lexemes)
{
  g_autoptr(KolJsonLexemes) lexemes = keep_lexemes ? kol_json_lexemes_new () : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = kol_json_format_parse (json, -1, lexemes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (root);
  return kol_json_format_write (root, lexemes);
}

typedef struct
{
  const char *rule;
  const char *in;
  const char *out;
} LayoutCase;

static const LayoutCase layout_cases[] = {
  { "scalars and empty containers inline; the top levels expanded",
    "{\"a\": {}, \"b\": [], \"c\": 1}",
    "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": 1\n}\n" },
  { "a level-3 object of scalars inline",
    "{\"a\": {\"b\": {\"c\": {\"d\": 1}}}}",
    "{\n  \"a\": {\n    \"b\": {\n      \"c\": {\"d\": 1}\n    }\n  }\n}\n" },
  { "three levels of containers never inline",
    "{\"a\": {\"b\": {\"c\": {\"d\": {\"e\": {\"f\": 1}}}}}}",
    "{\n  \"a\": {\n    \"b\": {\n      \"c\": {\n        \"d\": {\"e\": {\"f\": 1}}\n      }\n    }\n  }\n}\n" },
  { "arrays expanded element by element",
    "[[1, [2]], {\"x\": [1, {\"y\": 2}]}]",
    "[\n  [\n    1,\n    [2]\n  ],\n  {\n    \"x\": [\n      1,\n      {\"y\": 2}\n    ]\n  }\n]\n" },
  { "strings escaped as the data files are, non-ASCII as is",
    "{\"t\": \"\\n\\t\\\"\\\\\\u0001\\/\\u00e9\"}",
    "{\"t\": \"\\n\\t\\\"\\\\\\u0001/é\"}\n" },
  { "numbers in their shortest form",
    "{\"n\": [1e3, 1e16, 0.0001, 0.00001, 123.456, -0.0, 1e15, 1.5e-7, -2]}",
    "{\n  \"n\": [1000.0, 1e+16, 0.0001, 1e-05, 123.456, -0.0, 1000000000000000.0, 1.5e-07, -2]\n}\n" },
  { "literals",
    "{\"t\": true, \"f\": false, \"n\": null}",
    "{\"t\": true, \"f\": false, \"n\": null}\n" },
};

static void
test_layout (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (layout_cases); i++)
    {
      g_autofree char *out = write_text (layout_cases[i].in, FALSE);

      g_test_message ("rule: %s", layout_cases[i].rule);
      g_assert_cmpstr (out, ==, layout_cases[i].out);
    }
}

/* An array of scalars stays on one line however long it is (market rows). */
static void
test_long_scalar_array (void)
{
  g_autoptr(GString) row = g_string_new ("[");
  g_autofree char *in = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *out = NULL;

  for (int i = 100; i < 140; i++)
    g_string_append_printf (row, "%s%d", i > 100 ? ", " : "", i);
  g_string_append_c (row, ']');
  in = g_strdup_printf ("{\"rows\": [%s]}", row->str);
  expected = g_strdup_printf ("{\n  \"rows\": [\n    %s\n  ]\n}\n", row->str);
  out = write_text (in, FALSE);
  g_assert_cmpstr (out, ==, expected);
}

/* The 100-character limit counts the indentation and the "key": prefix,
 * in characters: 80 letters fit on "      \"k\": {\"s\": \"…\"}", 81 do not,
 * and 80 Cyrillic letters (160 bytes) fit too. */
static void
test_width (void)
{
  const char *letters[] = { "x", "ж" };

  for (gsize l = 0; l < G_N_ELEMENTS (letters); l++)
    for (int n = 80; n <= 81; n++)
      {
        g_autoptr(GString) text = g_string_new (NULL);
        g_autofree char *in = NULL;
        g_autofree char *expected = NULL;
        g_autofree char *out = NULL;

        for (int i = 0; i < n; i++)
          g_string_append (text, letters[l]);
        in = g_strdup_printf ("{\"a\": {\"b\": {\"k\": {\"s\": \"%s\"}}}}", text->str);
        if (n == 80)
          expected = g_strdup_printf ("{\n  \"a\": {\n    \"b\": {\n      \"k\": {\"s\": \"%s\"}\n    }\n  }\n}\n",
                                      text->str);
        else
          expected = g_strdup_printf ("{\n  \"a\": {\n    \"b\": {\n      \"k\": {\n        \"s\": \"%s\"\n      }\n"
                                      "    }\n  }\n}\n", text->str);
        out = write_text (in, FALSE);
        g_assert_cmpstr (out, ==, expected);
      }
}

/* Read with a lexeme table, values keep their text. */
static void
test_lexemes (void)
{
  const char *in = "{\n  \"n\": [1e3, 10.00, -0, 2E+2, 0.10],\n  \"s\": [\"caf\\u00e9\", \"a\\/b\", \"\\u0416\"]\n}\n";
  g_autofree char *out = write_text (in, TRUE);
  g_autoptr(KolJsonLexemes) lexemes = kol_json_lexemes_new ();
  g_autoptr(JsonNode) root = kol_json_format_parse (in, -1, lexemes, NULL);
  JsonArray *numbers = json_object_get_array_member (json_node_get_object (root), "n");
  JsonNode *first = json_array_get_element (numbers, 0);
  g_autoptr(JsonNode) copy = kol_json_lexemes_copy_node (lexemes, root);
  g_autofree char *copied = kol_json_format_write (copy, lexemes);
  g_autofree char *changed = NULL;

  g_assert_cmpstr (out, ==, in);
  g_assert_cmpstr (copied, ==, in);
  /* integers stay integers, the others are doubles */
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (numbers, 2)), ==, G_TYPE_INT64);
  g_assert_cmpint (json_node_get_value_type (first), ==, G_TYPE_DOUBLE);
  /* a value changed in place is written from its value */
  json_node_set_double (first, 2.5);
  changed = kol_json_format_write (root, lexemes);
  g_assert_nonnull (strstr (changed, "[2.5, 10.00,"));
}

typedef struct
{
  const char *what;
  const char *in;
  gssize      length;
  const char *where;   /* "Line L, column C" */
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "a key twice", "{\"a\": 1,\n \"a\": 2}", -1, "Line 2, column 5" },
  { "a trailing comma", "[1,\n2,]", -1, "Line 2, column 3" },
  { "a byte order mark", "\xef\xbb\xbf{}", -1, "Line 1, column 1" },
  { "a lone surrogate", "[\"\\ud800x\"]", -1, "Line 1, column 9" },
  { "U+0000", "[\"\\u0000\"]", -1, "Line 1, column 9" },
  { "a raw control character", "[\"a\tb\"]", -1, "Line 1, column 4" },
  { "a bad number", "[01]", -1, "Line 1, column 3" },
  { "an infinite number", "[1e999]", -1, "Line 1, column 7" },
  { "a comment", "{} // no", -1, "Line 1, column 4" },
  { "single quotes", "['a']", -1, "Line 1, column 2" },
  { "bad UTF-8", "[\"\xff\"]", -1, "Line 1, column 3" },
  { "an unclosed string", "[\"abc", -1, "Line 1, column 6" },
  { "nothing", "  ", -1, "Line 1, column 3" },
};

static void
test_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) root = NULL;

      g_test_message ("error: %s", error_cases[i].what);
      root = kol_json_format_parse (error_cases[i].in, error_cases[i].length, NULL, &error);
      g_assert_null (root);
      g_assert_error (error, KOL_JSON_FORMAT_ERROR, KOL_JSON_FORMAT_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, error_cases[i].where));
    }
}

/* Nesting deeper than the loader's limit is refused, without recursing
 * without bound. */
static void
test_depth (void)
{
  g_autofree char *open = g_strnfill (100000, '[');
  g_autofree char *ok_open = g_strnfill (128, '[');
  g_autofree char *ok_close = g_strnfill (128, ']');
  g_autofree char *ok = g_strconcat (ok_open, ok_close, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = kol_json_format_parse (open, -1, NULL, &error);
  g_autoptr(JsonNode) fine = NULL;

  g_assert_null (root);
  g_assert_error (error, KOL_JSON_FORMAT_ERROR, KOL_JSON_FORMAT_ERROR_SYNTAX);
  g_clear_error (&error);
  fine = kol_json_format_parse (ok, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fine);
}

/* Writing is linear in the depth: a member nested as deep as the reader
 * allows is written at once (the layout's nesting count
 * recursed twice per level, 2^depth calls, and a 300-byte map.json hung
 * the editor's Save). Before the fix this case never ends. */
static void
test_deep_write (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  guint depth = 127;

  for (guint i = 0; i < depth; i++)
    g_string_append (text, i % 2 ? "[" : "{\"k\": ");
  g_string_append (text, "1");
  for (guint i = depth; i-- > 0;)
    g_string_append (text, i % 2 ? "]" : "}");
  root = kol_json_format_parse (text->str, -1, NULL, &error);
  g_assert_no_error (error);
  written = kol_json_format_write (root, NULL);
  again = kol_json_format_parse (written, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kol_json_format_identical (root, again));
  /* the first three levels expanded, and the rest too: indented that far,
   * no line fits */
  g_assert_true (g_str_has_prefix (written, "{\n  \"k\": [\n    {\n"));
  g_assert_null (strstr (written, "{\"k\": 1}"));
  rewritten = kol_json_format_write (again, NULL);
  g_assert_cmpstr (rewritten, ==, written);
}

/* The editor's reader bounds the tree it builds as the loader's scanner
 * does. */
static void
test_many_values (void)
{
  g_autoptr(GString) text = g_string_new ("[");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;

  for (guint i = 0; i < KOL_JSON_MAX_VALUES; i++)
    g_string_append (text, i ? ",0" : "0");
  g_string_append_c (text, ']');
  root = kol_json_format_parse (text->str, (gssize) text->len, NULL, &error);
  g_assert_null (root);
  g_assert_error (error, KOL_JSON_FORMAT_ERROR, KOL_JSON_FORMAT_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "values"));
  g_clear_error (&error);
  /* one value less (the array and its elements: exactly the bound) is read */
  g_string_truncate (text, text->len - 3);
  g_string_append_c (text, ']');
  root = kol_json_format_parse (text->str, (gssize) text->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (root)), ==, KOL_JSON_MAX_VALUES - 1);
}

/* Key order and integer-ness count, as they do in the file written. */
static void
test_identical (void)
{
  const struct { const char *a, *b; gboolean same; } cases[] = {
    { "{\"a\": 1, \"b\": [1, 2]}", "{\"a\": 1, \"b\": [1, 2]}", TRUE },
    { "{\"a\": 1, \"b\": 2}", "{\"b\": 2, \"a\": 1}", FALSE },
    { "[1]", "[1.0]", FALSE },
    { "[1, 2]", "[1, 2, 3]", FALSE },
    { "{\"a\": null}", "{\"a\": false}", FALSE },
    { "[\"x\", true, null, 2.5]", "[\"x\", true, null, 2.5]", TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) a = kol_json_format_parse (cases[i].a, -1, NULL, NULL);
      g_autoptr(JsonNode) b = kol_json_format_parse (cases[i].b, -1, NULL, NULL);

      g_assert_cmpint (kol_json_format_identical (a, b), ==, cases[i].same);
      g_assert_true (kol_json_format_identical (a, a));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json-format/layout", test_layout);
  g_test_add_func ("/json-format/long-scalar-array", test_long_scalar_array);
  g_test_add_func ("/json-format/width", test_width);
  g_test_add_func ("/json-format/lexemes", test_lexemes);
  g_test_add_func ("/json-format/errors", test_errors);
  g_test_add_func ("/json-format/depth", test_depth);
  g_test_add_func ("/json-format/deep-write", test_deep_write);
  g_test_add_func ("/json-format/many-values", test_many_values);
  g_test_add_func ("/json-format/identical", test_identical);
  return g_test_run ();
}
