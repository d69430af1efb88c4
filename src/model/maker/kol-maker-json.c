/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <glib/gi18n.h>

#include "kol-maker-private.h"

/*
 * Small readers of 18xx-maker's loosely typed JSON (a number may be written
 * as a string, a text as a plain string or Koleya's {"en", "ru"}), and the
 * report of what did not translate.
 */

G_DEFINE_QUARK (kol-maker-error-quark, kol_maker_error)

/**
 * _kol_maker_report:
 *
 * Adds a line to @report, once: the same loss on many hexes is said once.
 */
void
_kol_maker_report (GPtrArray  *report,
                   const char *format,
                   ...)
{
  g_autofree char *line = NULL;
  va_list args;

  if (report == NULL)
    return;
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  for (guint i = 0; i < report->len; i++)
    if (g_str_equal (g_ptr_array_index (report, i), line))
      return;
  g_ptr_array_add (report, g_steal_pointer (&line));
}

const char *
_kol_maker_string (JsonObject *object,
                   const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/**
 * _kol_maker_int:
 * @exact: (out) (optional): whether @node was a plain integer, not a
 *   string with a number in it ("$40", "Free" counts as 0)
 *
 * Returns: whether @node holds a whole number
 */
gboolean
_kol_maker_int (JsonNode *node,
                gint64   *value,
                gboolean *exact)
{
  if (exact != NULL)
    *exact = TRUE;
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *value = json_node_get_int (node);
      return TRUE;
    }
  if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    {
      double d = json_node_get_double (node);

      *value = (gint64) llround (d);
      return fabs (d - (double) *value) < 1e-9;
    }
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *s = json_node_get_string (node);

      if (exact != NULL)
        *exact = FALSE;
      while (*s != '\0' && !g_ascii_isdigit (*s))
        s++;
      *value = *s != '\0' ? g_ascii_strtoll (s, NULL, 10) : 0;
      return TRUE;
    }
  return FALSE;
}

gboolean
_kol_maker_number (JsonObject *object,
                   const char *member,
                   double     *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

JsonObject *
_kol_maker_object (JsonObject *object,
                   const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
_kol_maker_array (JsonObject *object,
                  const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/**
 * _kol_maker_text:
 *
 * Returns: (transfer full): Koleya's translated text with @text in both
 *   languages: 18xx-maker writes one
 */
JsonNode *
_kol_maker_text (const char *text)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "en", text);
  json_object_set_string_member (object, "ru", text);
  return _kol_maker_object_node (object);
}

/**
 * _kol_maker_object_node:
 * @object: (transfer full): an object
 *
 * json_node_init_object() takes a reference of its own, which leaks a new
 * object handed to it; this takes the caller's.
 *
 * Returns: (transfer full): a node holding @object
 */
JsonNode *
_kol_maker_object_node (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  return node;
}

/**
 * _kol_maker_pick:
 *
 * Returns: (transfer none) (nullable): a Koleya text (a plain string, or
 *   {"en", "ru"}) in @language
 */
const char *
_kol_maker_pick (JsonNode   *text,
                 const char *language)
{
  JsonObject *object;
  const char *found;

  if (text == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (text))
    return json_node_get_value_type (text) == G_TYPE_STRING ? json_node_get_string (text) : NULL;
  if (!JSON_NODE_HOLDS_OBJECT (text))
    return NULL;
  object = json_node_get_object (text);
  if ((found = _kol_maker_string (object, language)) != NULL)
    return found;
  return _kol_maker_string (object, "en");
}

void
_kol_maker_set_int (JsonObject *object,
                    const char *member,
                    gint64      value)
{
  json_object_set_int_member (object, member, value);
}

void
_kol_maker_set_string (JsonObject *object,
                       const char *member,
                       const char *value)
{
  if (value != NULL)
    json_object_set_string_member (object, member, value);
}
