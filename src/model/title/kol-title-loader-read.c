/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-title-loader-private.h"

/*
 * The typed readers of the title loader: each reads one kind of JSON value
 * and reports what is wrong with it as a problem instead of stopping, so
 * that a load collects every problem of every file. Selectors (values that
 * depend on the configuration), conditions ("when"), GVariant conversion and
 * hex references are here too.
 */

/* ---- typed readers ------------------------------------------------------- */

static const char *
describe_node (JsonNode *node)
{
  if (node == NULL)
    return _("nothing");
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("a string");
    case G_TYPE_INT64:
      return _("a whole number");
    case G_TYPE_DOUBLE:
      return _("a fractional number");
    case G_TYPE_BOOLEAN:
      return _("true or false");
    default:
      return _("an unknown value");
    }
}

void
kol_loader_wrong_type (KolLoader  *l,
                       KolFileId   file,
                       JsonNode   *node,
                       const char *path,
                       const char *expected)
{
  /* Translators: both %s are kinds of value, e.g. “a string”, “an array”. */
  kol_loader_invalid (l, file, path, _("Expected %s, found %s"), expected, describe_node (node));
}

gboolean
kol_loader_holds (JsonNode *node,
                  GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

JsonArray *
kol_loader_peek_array (JsonObject *object,
                       const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

JsonObject *
kol_loader_peek_object (JsonObject *object,
                        const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * kol_loader_member:
 *
 * Returns: (transfer none) (nullable): member @key of @object; reports it
 *   missing when @required
 */
JsonNode *
kol_loader_member (KolLoader  *l,
                   KolFileId   file,
                   JsonObject *object,
                   const char *path,
                   const char *key,
                   gboolean    required)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL && required && object != NULL)
    /* Translators: %s is the name of a JSON member, e.g. “color”. */
    kol_loader_invalid (l, file, path, _("The required member “%s” is missing"), key);
  return node;
}

JsonObject *
kol_loader_object (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path)
{
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);
  kol_loader_wrong_type (l, file, node, path, _("an object"));
  return NULL;
}

JsonArray *
kol_loader_array (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path)
{
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    return json_node_get_array (node);
  kol_loader_wrong_type (l, file, node, path, _("an array"));
  return NULL;
}

const char *
kol_loader_string (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path)
{
  if (kol_loader_holds (node, G_TYPE_STRING))
    {
      const char *s = json_node_get_string (node);

      if (s != NULL && *s != '\0')
        return s;
      kol_loader_invalid (l, file, path, _("The string must not be empty"));
      return NULL;
    }
  kol_loader_wrong_type (l, file, node, path, _("a string"));
  return NULL;
}

gboolean
kol_loader_int (KolLoader  *l,
                KolFileId   file,
                JsonNode   *node,
                const char *path,
                int         min,
                int         max,
                int        *out)
{
  gint64 value;

  if (kol_json_scan_is_bad_number (l->files[file].scan, path))
    return FALSE;  /* the scanner reported it */
  if (!kol_loader_holds (node, G_TYPE_INT64))
    {
      kol_loader_wrong_type (l, file, node, path, _("a whole number"));
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < min || value > max)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      /* Translators: the first %s is the value from the file, the numbers
       * are the bounds. */
      kol_loader_invalid (l, file, path, _("The value %s is out of range (%d to %d)"), text, min, max);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

gboolean
kol_loader_bool (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path,
                 gboolean   *out)
{
  if (!kol_loader_holds (node, G_TYPE_BOOLEAN))
    {
      kol_loader_wrong_type (l, file, node, path, _("true or false"));
      return FALSE;
    }
  *out = json_node_get_boolean (node);
  return TRUE;
}

JsonObject *
kol_loader_object_member (KolLoader  *l,
                          KolFileId   file,
                          JsonObject *object,
                          const char *path,
                          const char *key,
                          gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);
  child = kol_json_path_key (path, key);
  return kol_loader_object (l, file, node, child);
}

JsonArray *
kol_loader_array_member (KolLoader  *l,
                         KolFileId   file,
                         JsonObject *object,
                         const char *path,
                         const char *key,
                         gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_ARRAY (node))
    return json_node_get_array (node);
  child = kol_json_path_key (path, key);
  return kol_loader_array (l, file, node, child);
}

const char *
kol_loader_string_member (KolLoader  *l,
                          KolFileId   file,
                          JsonObject *object,
                          const char *path,
                          const char *key,
                          gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  if (kol_loader_holds (node, G_TYPE_STRING) && json_node_get_string (node)[0] != '\0')
    return json_node_get_string (node);
  child = kol_json_path_key (path, key);
  return kol_loader_string (l, file, node, child);
}

gboolean
kol_loader_int_member (KolLoader  *l,
                       KolFileId   file,
                       JsonObject *object,
                       const char *path,
                       const char *key,
                       gboolean    required,
                       int         min,
                       int         max,
                       int        *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  if (kol_loader_holds (node, G_TYPE_INT64) && json_node_get_int (node) >= min && json_node_get_int (node) <= max
      && !kol_json_scan_has_bad_numbers (l->files[file].scan))
    {
      *out = (int) json_node_get_int (node);
      return TRUE;
    }
  child = kol_json_path_key (path, key);
  return kol_loader_int (l, file, node, child, min, max, out);
}

gboolean
kol_loader_bool_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key,
                        gboolean   *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, FALSE);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  if (kol_loader_holds (node, G_TYPE_BOOLEAN))
    {
      *out = json_node_get_boolean (node);
      return TRUE;
    }
  child = kol_json_path_key (path, key);
  return kol_loader_bool (l, file, node, child, out);
}

static gboolean
read_language (KolLoader  *l,
               KolFileId   file,
               JsonObject *object,
               const char *path,
               const char *language,
               char      **out)
{
  JsonNode *node = json_object_get_member (object, language);
  g_autofree char *child = NULL;
  const char *s;

  if (node == NULL)
    {
      /* Translators: %s is a language code, “en” or “ru”. */
      kol_loader_invalid (l, file, path, _("The text has no “%s” translation; every text needs “en” and “ru”"),
                          language);
      return FALSE;
    }
  if (kol_loader_holds (node, G_TYPE_STRING) && json_node_get_string (node)[0] != '\0')
    s = json_node_get_string (node);
  else if ((s = kol_loader_string (l, file, node, child = kol_json_path_key (path, language))) == NULL)
    return FALSE;
  g_free (*out);
  *out = g_strdup (s);
  return TRUE;
}

/**
 * kol_loader_text:
 *
 * Reads a proper name (a plain string, the same in every language) or a
 * translatable object with both "en" and "ru".
 */
gboolean
kol_loader_text (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path,
                 gboolean    translatable,
                 KolText    *out)
{
  JsonObject *object;
  gboolean ok;

  if (!translatable && kol_loader_holds (node, G_TYPE_STRING))
    {
      const char *s = kol_loader_string (l, file, node, path);

      if (s == NULL)
        return FALSE;
      g_free (out->en);
      g_free (out->ru);
      out->en = g_strdup (s);
      out->ru = g_strdup (s);
      return TRUE;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      kol_loader_wrong_type (l, file, node, path,
                  translatable ? _("a translated text ({\"en\": …, \"ru\": …})")
                               : _("a text (a string, or {\"en\": …, \"ru\": …})"));
      return FALSE;
    }
  object = json_node_get_object (node);
  ok = read_language (l, file, object, path, "en", &out->en);
  ok = read_language (l, file, object, path, "ru", &out->ru) && ok;
  return ok;
}

gboolean
kol_loader_text_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key,
                        gboolean    required,
                        gboolean    translatable,
                        KolText    *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  /* the path is needed only for a problem, but read_language() reports
   * against it; building it is cheap next to a text's two strdups */
  child = kol_json_path_key (path, key);
  return kol_loader_text (l, file, node, child, translatable, out);
}

int
kol_loader_enum (KolLoader          *l,
                 KolFileId           file,
                 JsonNode           *node,
                 const char         *path,
                 const char * const *names)
{
  const char *value = kol_loader_string (l, file, node, path);
  g_autofree char *list = NULL;

  if (value == NULL)
    return -1;
  for (int i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], value))
      return i;
  list = g_strjoinv (", ", (char **) names);
  /* Translators: the first %s is a value from the file, the second the list
   * of values allowed there. */
  kol_loader_invalid (l, file, path, _("“%s” is not allowed here; expected one of: %s"), value, list);
  return -1;
}

/* kol_loader_enum() on member @key, building the member's path only to
 * report a problem. */
int
kol_loader_enum_member (KolLoader          *l,
                        KolFileId           file,
                        JsonObject         *object,
                        const char         *path,
                        const char         *key,
                        gboolean            required,
                        const char * const *names)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return -1;
  if (kol_loader_holds (node, G_TYPE_STRING))
    for (int i = 0; names[i] != NULL; i++)
      if (g_str_equal (names[i], json_node_get_string (node)))
        return i;
  child = kol_json_path_key (path, key);
  return kol_loader_enum (l, file, node, child, names);
}

static const char *const color_names[] = {
  "white", "yellow", "green", "brown", "gray", "red", "purple", "blue", NULL
};

gboolean
kol_loader_color_member (KolLoader  *l,
                         KolFileId   file,
                         JsonObject *object,
                         const char *path,
                         const char *key,
                         gboolean    required,
                         KolColor   *out)
{
  int value = kol_loader_enum_member (l, file, object, path, key, required, color_names);

  return value >= 0 && kol_color_from_string (color_names[value], out);
}

gboolean
kol_loader_color (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path,
                  KolColor   *out)
{
  int value = kol_loader_enum (l, file, node, path, color_names);

  if (value < 0)
    return FALSE;
  return kol_color_from_string (color_names[value], out);
}

/**
 * kol_loader_strv_member:
 *
 * Returns: (transfer full): the strings of array member @key (bad elements
 *   reported and left out); empty when the member is absent
 */
GStrv
kol_loader_strv_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array = kol_loader_array_member (l, file, object, path, key, FALSE);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *s = NULL;

      if (kol_loader_holds (node, G_TYPE_STRING) && json_node_get_string (node)[0] != '\0')
        s = json_node_get_string (node);
      else
        {
          g_autofree char *child = kol_json_path_key (path, key);
          g_autofree char *element = kol_json_path_index (child, i);

          s = kol_loader_string (l, file, node, element);
        }
      if (s != NULL)
        g_strv_builder_add (builder, s);
    }
  return g_strv_builder_end (builder);
}

/* ---- selectors and conditions ------------------------------------------ */

gboolean
kol_loader_has_option (KolLoader  *l,
                       const char *option)
{
  return kol_title_has_option (l->title, option);
}

static gboolean
parse_player_count (const char *s,
                    int        *out)
{
  guint64 value;

  if (s[0] == '\0' || strlen (s) > 3 || !g_ascii_string_to_unsigned (s, 10, 1, 999, &value, NULL))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

/* How specific selector key @key is, and whether it applies now: -1 when it
 * does not apply (or is malformed, which is reported). */
static int
selector_rank (KolLoader  *l,
               KolFileId   file,
               const char *key,
               const char *path)
{
  g_autofree char *count = NULL;
  const char *option = key;
  const char *plus = strchr (key, '+');
  int n = 0;

  if (g_str_equal (key, "default"))
    return 0;
  if (parse_player_count (key, &n))
    return n == l->n_players ? 1 : -1;
  if (plus != NULL)
    {
      count = g_strndup (key, (gsize) (plus - key));
      option = plus + 1;
      if (!parse_player_count (count, &n))
        {
          /* Translators: %s is a key such as “4+bonds”. */
          kol_loader_invalid (l, file, path, _("The selector “%s” does not start with a player count"), key);
          return -1;
        }
    }
  if (!g_hash_table_contains (l->declared_options, option))
    {
      /* Translators: %s is an option id in a selector. */
      kol_loader_invalid (l, file, path, _("The selector names “%s”, which is not an option of this title"), option);
      return -1;
    }
  if (!kol_loader_has_option (l, option) || (plus != NULL && n != l->n_players))
    return -1;
  return plus != NULL ? 3 : 2;
}

/**
 * kol_loader_select:
 * @chosen_path: (out) (optional): JSON path of the value chosen
 *
 * Resolves a selector object for the configuration: the most specific key
 * that applies wins (count + option, option, count, "default"); the first in
 * file order on a tie. Any other value is returned as it is.
 *
 * Returns: (transfer none) (nullable): the value, or %NULL when no key
 *   applies
 */
JsonNode *
kol_loader_select (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path,
                   char      **chosen_path)
{
  g_autoptr(GList) members = NULL;
  const char *best = NULL;
  int best_rank = -1;
  JsonObject *object;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      if (chosen_path != NULL)
        *chosen_path = g_strdup (path);
      return node;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *child = kol_json_path_key (path, m->data);
      int rank = selector_rank (l, file, m->data, child);

      if (rank > best_rank)
        {
          best_rank = rank;
          best = m->data;
        }
    }
  if (best == NULL)
    return NULL;
  if (chosen_path != NULL)
    *chosen_path = kol_json_path_key (path, best);
  return json_object_get_member (object, best);
}

static void
no_selection (KolLoader  *l,
              KolFileId   file,
              const char *path)
{
  kol_loader_invalid (l, file, path, _("No key of this selector applies to %d players with the options chosen"),
                      l->n_players);
}

/**
 * kol_loader_count:
 *
 * Reads a count: an integer 0..@max, "unlimited" (-1), or a selector of
 * those.
 */
gboolean
kol_loader_count (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path,
                  int         max,
                  int        *out)
{
  g_autofree char *chosen = NULL;
  JsonNode *value = kol_loader_select (l, file, node, path, &chosen);

  if (value == NULL)
    {
      no_selection (l, file, path);
      return FALSE;
    }
  if (kol_loader_holds (value, G_TYPE_STRING) && g_str_equal (json_node_get_string (value), "unlimited"))
    {
      *out = -1;
      return TRUE;
    }
  if (kol_loader_holds (value, G_TYPE_STRING) || JSON_NODE_HOLDS_OBJECT (value))
    {
      kol_loader_wrong_type (l, file, value, chosen, _("a count (a whole number or “unlimited”)"));
      return FALSE;
    }
  return kol_loader_int (l, file, value, chosen, 0, max, out);
}

/* An integer, or a selector of integers. */
gboolean
kol_loader_selected_int (KolLoader  *l,
                         KolFileId   file,
                         JsonNode   *node,
                         const char *path,
                         int         min,
                         int         max,
                         int        *out)
{
  g_autofree char *chosen = NULL;
  JsonNode *value = kol_loader_select (l, file, node, path, &chosen);

  if (value == NULL)
    {
      no_selection (l, file, path);
      return FALSE;
    }
  return kol_loader_int (l, file, value, chosen, min, max, out);
}

gboolean
kol_loader_int_in_array (KolLoader  *l,
                         KolFileId   file,
                         JsonArray  *array,
                         const char *path,
                         int         wanted)
{
  gboolean found = FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *child = kol_json_path_index (path, i);
      int n = 0;

      if (kol_loader_int (l, file, json_array_get_element (array, i), child, 1, KOL_MAX_PLAYERS * 4, &n))
        found = found || n == wanted;
    }
  return found;
}

/* Every option listed under @key must be in effect (@wanted) or not. */
static gboolean
when_options (KolLoader  *l,
              KolFileId   file,
              JsonObject *object,
              const char *path,
              const char *key,
              gboolean    wanted)
{
  g_auto(GStrv) options = kol_loader_strv_member (l, file, object, path, key);
  g_autofree char *child = kol_json_path_key (path, key);
  gboolean holds = TRUE;

  for (guint i = 0; options[i] != NULL; i++)
    {
      g_autofree char *element = kol_json_path_index (child, i);

      if (!g_hash_table_contains (l->declared_options, options[i]))
        /* Translators: %s is an option id. */
        kol_loader_invalid (l, file, element, _("“%s” is not an option of this title"), options[i]);
      holds = holds && kol_loader_has_option (l, options[i]) == wanted;
    }
  return holds;
}

/**
 * kol_loader_when:
 *
 * A condition {"players": [3, 4], "options": ["x"], "not_options": ["y"]}:
 * it holds when the player count is listed (if "players" is given), every
 * option of "options" is in effect and none of "not_options". An absent
 * condition holds.
 */
gboolean
kol_loader_when (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path)
{
  JsonObject *object;
  JsonArray *players;
  gboolean holds = TRUE;

  if (node == NULL)
    return TRUE;
  if ((object = kol_loader_object (l, file, node, path)) == NULL)
    return FALSE;
  players = kol_loader_array_member (l, file, object, path, "players", FALSE);
  if (players != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "players");
      holds = kol_loader_int_in_array (l, file, players, child, l->n_players);
    }
  holds = when_options (l, file, object, path, "options", TRUE) && holds;
  holds = when_options (l, file, object, path, "not_options", FALSE) && holds;
  return holds;
}

/* ---- GVariant ------------------------------------------------------------ */

/**
 * kol_loader_variant:
 *
 * Converts free-form JSON (depth already bounded by the scanner) into a
 * GVariant: objects become a{sv}, arrays av, numbers x or d.
 *
 * Returns: (transfer full) (nullable): a floating-free variant
 */
GVariant *
kol_loader_variant (KolLoader  *l,
                    KolFileId   file,
                    JsonNode   *node,
                    const char *path)
{
  g_autoptr(GError) error = NULL;
  GVariant *value = json_gvariant_deserialize (node, NULL, &error);

  if (value == NULL)
    {
      /* Translators: %s is json-glib's reason. */
      kol_loader_invalid (l, file, path, _("Cannot convert this value: %s"), error->message);
      return NULL;
    }
  return g_variant_ref_sink (value);
}

static gboolean
is_known (const char * const *known,
          const char         *key)
{
  return known != NULL && g_strv_contains (known, key);
}

static void
add_extra_members (KolLoader         *l,
                   KolFileId          file,
                   JsonObject        *object,
                   const char        *path,
                   const char *const *known,
                   GVariantBuilder   *builder)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *child = NULL;
      g_autoptr(GVariant) value = NULL;

      if (is_known (known, m->data) || (known != NULL && g_str_equal (m->data, "extra")))
        continue;
      value = json_gvariant_deserialize (json_object_get_member (object, m->data), NULL, NULL);
      if (value == NULL)
        {
          /* again, for the problem's path and json-glib's reason */
          child = kol_json_path_key (path, m->data);
          value = kol_loader_variant (l, file, json_object_get_member (object, m->data), child);
        }
      else
        g_variant_ref_sink (value);
      if (value != NULL)
        g_variant_builder_add (builder, "{sv}", (const char *) m->data, value);
    }
}

/**
 * kol_loader_extra:
 *
 * Returns: (transfer full): an a{sv} of the members of @object that are not
 *   in @known, merged with the members of its "extra" object
 */
GVariant *
kol_loader_extra (KolLoader          *l,
                  KolFileId           file,
                  JsonObject         *object,
                  const char         *path,
                  const char * const *known)
{
  GVariantBuilder builder;
  JsonObject *extra;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  add_extra_members (l, file, object, path, known, &builder);
  extra = kol_loader_object_member (l, file, object, path, "extra", FALSE);
  if (extra != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "extra");
      add_extra_members (l, file, extra, child, NULL, &builder);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/**
 * kol_loader_hex_ref:
 *
 * Resolves a hex id. A hex that a variant of this configuration removed
 * resolves to -1 silently (the rules module leaves out what stood there);
 * an id that no map definition has is reported.
 *
 * Returns: the hex index, or -1
 */
int
kol_loader_hex_ref (KolLoader  *l,
                    KolFileId   file,
                    JsonNode   *node,
                    const char *path)
{
  const char *id = kol_loader_string (l, file, node, path);
  gpointer found;

  if (id == NULL)
    return -1;
  found = l->hex_lookup ? g_hash_table_lookup (l->hex_lookup, id) : NULL;
  if (found != NULL)
    return GPOINTER_TO_INT (found) - 1;
  if (l->hex_lookup != NULL && !g_hash_table_contains (l->all_hex_ids, id))
    /* Translators: %s is a hex id such as “C5”. */
    kol_loader_invalid (l, file, path, _("There is no hex “%s” on the map"), id);
  return -1;
}

