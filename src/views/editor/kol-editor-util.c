/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-util.h"

const char * const kol_editor_colors[] = {
  "white", "yellow", "green", "brown", "gray", "red", "purple", "blue", NULL,
};

const char * const kol_editor_node_kinds[] = {
  "city", "town", "offboard", "junction", NULL,
};

/**
 * kol_editor_color_label:
 * @color: a colour of the data ("yellow", …)
 *
 * Returns: (transfer none): its name for people, or @color itself when it
 *   is not one of the data's colours
 */
const char *
kol_editor_color_label (const char *color)
{
  static const char * const labels[] = {
    NC_("tile colour", "White"), NC_("tile colour", "Yellow"), NC_("tile colour", "Green"),
    NC_("tile colour", "Brown"), NC_("tile colour", "Gray"), NC_("tile colour", "Red"),
    NC_("tile colour", "Purple"), NC_("tile colour", "Blue"),
  };
  int i = kol_editor_index_of (kol_editor_colors, color);

  return i >= 0 ? g_dpgettext2 (NULL, "tile colour", labels[i]) : color;
}

/**
 * kol_editor_node_kind_label:
 * @kind: "city", "town", "offboard" or "junction"
 *
 * Returns: (transfer none): its name for people
 */
const char *
kol_editor_node_kind_label (const char *kind)
{
  static const char * const labels[] = {
    NC_("node kind", "City"), NC_("node kind", "Town"), NC_("node kind", "Off-board"),
    NC_("node kind", "Junction"),
  };
  int i = kol_editor_index_of (kol_editor_node_kinds, kind);

  return i >= 0 ? g_dpgettext2 (NULL, "node kind", labels[i]) : kind;
}

/**
 * kol_editor_edge_label:
 * @layout: "flat" or "pointy"
 * @edge: 0–5
 *
 * Edge 0 is south on a flat map and south-west on a pointy one; the others
 * follow clockwise (data/games/README.md).
 *
 * Returns: (transfer full): "Edge 0 (S)", or "0 · S" when @brief
 */
char *
kol_editor_edge_label (const char *layout,
                       int         edge,
                       gboolean    brief)
{
  static const char * const flat[] = {
    NC_("compass", "S"), NC_("compass", "SW"), NC_("compass", "NW"),
    NC_("compass", "N"), NC_("compass", "NE"), NC_("compass", "SE"),
  };
  static const char * const pointy[] = {
    NC_("compass", "SW"), NC_("compass", "W"), NC_("compass", "NW"),
    NC_("compass", "NE"), NC_("compass", "E"), NC_("compass", "SE"),
  };
  const char * const *names = g_strcmp0 (layout, "pointy") == 0 ? pointy : flat;

  g_return_val_if_fail (edge >= 0 && edge < 6, NULL);
  if (brief)
    /* Translators: a side of a hex, briefly: %1$d is its number, %2$s its
     * compass direction. */
    return g_strdup_printf (_("%1$d · %2$s"), edge, g_dpgettext2 (NULL, "compass", names[edge]));
  /* Translators: a side of a hex: %1$d is its number 0–5, %2$s its compass
   * direction (S, NW, …). */
  return g_strdup_printf (_("Edge %1$d (%2$s)"), edge,
                          g_dpgettext2 (NULL, "compass", names[edge]));
}

/* The index of @value in the NULL-terminated @values, or -1. */
int
kol_editor_index_of (const char * const *values,
                     const char         *value)
{
  for (int i = 0; value != NULL && values[i] != NULL; i++)
    if (g_str_equal (values[i], value))
      return i;
  return -1;
}

/**
 * kol_editor_color_model:
 * @with_all: put "All colours" first (for filters)
 *
 * Returns: (transfer full): the colour names for a #GtkDropDown, in the
 *   order of kol_editor_colors (after "All colours" with @with_all)
 */
GtkStringList *
kol_editor_color_model (gboolean with_all)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (with_all)
    gtk_string_list_append (list, _("All Colours"));
  for (int i = 0; kol_editor_colors[i] != NULL; i++)
    gtk_string_list_append (list, kol_editor_color_label (kol_editor_colors[i]));
  return list;
}

/* A string member, or NULL when absent or not a string. */
const char *
kol_editor_object_string (JsonObject *object,
                          const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* An integer member, or @fallback when absent or not an integer. */
gint64
kol_editor_object_int (JsonObject *object,
                       const char *key,
                       gint64      fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return json_node_get_int (node);
}

/**
 * kol_editor_join_strings:
 * @object: (nullable): an object
 * @key: the member holding an array of strings
 *
 * Returns: (transfer full): the strings separated by spaces, "" for none
 */
char *
kol_editor_join_strings (JsonObject *object,
                         const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;
  GString *out = g_string_new (NULL);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return g_string_free (out, FALSE);
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, json_node_get_string (element));
    }
  return g_string_free (out, FALSE);
}

/**
 * kol_editor_split_words:
 * @text: ids typed by a person, separated by spaces or commas
 *
 * Returns: (transfer full): the ids, or %NULL when there is none
 */
GStrv
kol_editor_split_words (const char *text)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " ,;\t", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        g_strv_builder_add (builder, words[i]);
        n++;
      }
  return n > 0 ? g_strv_builder_end (builder) : NULL;
}

/* map.json's "layout", "flat" when it has none. */
const char *
kol_editor_map_layout (KolTitleDocument *doc)
{
  JsonNode *root = kol_title_document_get_root (doc, KOL_TITLE_FILE_MAP);
  const char *layout = NULL;

  if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
    layout = kol_editor_object_string (json_node_get_object (root), "layout");
  return layout != NULL ? layout : "flat";
}

/**
 * kol_editor_report:
 * @widget: the widget where an edit was refused
 * @error: why
 *
 * Shows @error in the editor's banner through the editor.report action,
 * so that the widgets need not know the page they are in.
 */
void
kol_editor_report (GtkWidget    *widget,
                   const GError *error)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (error == NULL || g_error_matches (error, KOL_TITLE_DOCUMENT_ERROR,
                                        KOL_TITLE_DOCUMENT_ERROR_NOTHING))
    return;
  if (!gtk_widget_activate_action (widget, "editor.report", "s", error->message))
    g_message ("%s", error->message);
}

/* Sets the text unless it is already that text, so that the cursor of an
 * entry being typed in does not jump. */
void
kol_editor_entry_set_text (GtkEditable *editable,
                           const char  *text)
{
  if (g_strcmp0 (gtk_editable_get_text (editable), text != NULL ? text : "") != 0)
    gtk_editable_set_text (editable, text != NULL ? text : "");
}
