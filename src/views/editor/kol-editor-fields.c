/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-editor-fields.h"
#include "kol-editor-util.h"
#include "kol-title-issue.h"

/*
 * The controls of the editor's pages bound to values of game.json. Each
 * keeps a Field under "kol-field": the document, the value's JSON path,
 * the name of the change for Undo, and its widgets; it follows the
 * document's "changed" signal and writes through
 * kol_title_document_set_game_value().
 */

typedef enum
{
  FIELD_INT,
  FIELD_INT_OR,
  FIELD_TEXT,
  FIELD_CHOICE,
  FIELD_WORDS,
  FIELD_NUMBERS,
  FIELD_CHECK,
  FIELD_COLOR,
  FIELD_COLORS,
  FIELD_CELLS,
} FieldKind;

typedef struct
{
  FieldKind         kind;
  KolTitleDocument *doc;
  char             *path;
  char             *label;
  char             *language;    /* TEXT: "en", "ru" or NULL for a name */
  char             *word;        /* INT_OR: the word instead of a number */
  GStrv             values;      /* CHOICE, COLORS */
  gboolean          has_none;    /* CHOICE: the first item removes the value */
  gboolean          keep_empty;  /* TEXT: "" is a value, not its removal */
  gboolean          check_default; /* CHECK: what an absent value means */
  gboolean          updating;
  GtkWidget        *spin;
  GtkWidget        *toggle;      /* INT_OR, CHECK */
  GtkWidget        *entry;
  GtkWidget        *dropdown;
  GtkWidget        *color;
  GPtrArray        *checks;      /* COLORS */
  char             *tooltip;     /* when the value has no problem */
} Field;

#define FIELD_KEY "kol-field"

static void
field_free (Field *field)
{
  g_clear_object (&field->doc);
  g_free (field->path);
  g_free (field->label);
  g_free (field->language);
  g_free (field->word);
  g_strfreev (field->values);
  g_clear_pointer (&field->checks, g_ptr_array_unref);
  g_free (field->tooltip);
  g_free (field);
}

static Field *
field_of (GtkWidget *widget)
{
  return widget != NULL ? g_object_get_data (G_OBJECT (widget), FIELD_KEY) : NULL;
}

static JsonNode *
value_of (Field *field)
{
  return kol_title_document_get_value (field->doc, KOL_TITLE_FILE_GAME, field->path);
}

/* A value by player count or option is changed in its "default". */
static char *
target_path (Field *field)
{
  JsonNode *value = value_of (field);

  if (value != NULL && JSON_NODE_HOLDS_OBJECT (value)
      && json_object_has_member (json_node_get_object (value), "default"))
    return g_strconcat (field->path, ".default", NULL);
  return g_strdup (field->path);
}

static void
write_value (Field     *field,
             GtkWidget *widget,
             JsonNode  *value)
{
  g_autofree char *path = target_path (field);
  g_autoptr(GError) error = NULL;

  if (field->updating)
    return;
  if (!kol_title_document_set_game_value (field->doc, path, value, field->label, &error))
    kol_editor_report (widget, error);
}

static gboolean
node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static const char *
node_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* The number shown for @node: itself, or a selector's default. */
static gint64
shown_int (JsonNode *node,
           gboolean *by_selector)
{
  *by_selector = FALSE;
  if (node_is_int (node))
    return json_node_get_int (node);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonNode *fallback = json_object_get_member (json_node_get_object (node), "default");

      *by_selector = TRUE;
      return node_is_int (fallback) ? json_node_get_int (fallback) : 0;
    }
  return 0;
}

/* [[4, 2], [3, 5]] as "4:2 3:5". */
static char *
join_cells (JsonNode *node)
{
  GString *out = g_string_new (NULL);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonArray *pair = JSON_NODE_HOLDS_ARRAY (element) ? json_node_get_array (element) : NULL;

      if (pair == NULL || json_array_get_length (pair) != 2)
        continue;
      g_string_append_printf (out, "%s%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, out->len > 0 ? " " : "",
                              json_array_get_int_element (pair, 0), json_array_get_int_element (pair, 1));
    }
  return g_string_free (out, FALSE);
}

static char *
join_array (JsonNode *node)
{
  GString *out = g_string_new (NULL);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (out->len > 0)
        g_string_append_c (out, ' ');
      if (node_is_int (element))
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (element));
      else if (node_string (element) != NULL)
        g_string_append (out, node_string (element));
      else if (JSON_NODE_HOLDS_OBJECT (element)
               && kol_editor_object_string (json_node_get_object (element), "id") != NULL)
        g_string_append (out, kol_editor_object_string (json_node_get_object (element), "id"));
    }
  return g_string_free (out, FALSE);
}

/* ---- showing the value -------------------------------------------------------------- */

static void
refresh_int (Field *field)
{
  JsonNode *node = value_of (field);
  gboolean by_selector;
  gint64 value = shown_int (node, &by_selector);
  gboolean word = field->word != NULL && g_strcmp0 (node_string (node), field->word) == 0;

  if (field->toggle != NULL)
    {
      gtk_check_button_set_active (GTK_CHECK_BUTTON (field->toggle), word);
      gtk_widget_set_sensitive (field->spin, !word);
    }
  if (!word)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (field->spin), (double) value);
  g_free (field->tooltip);
  field->tooltip = by_selector ? g_strdup (_("Depends on the player count or the options: this is the usual "
                                            "value, the others are kept"))
                               : NULL;
  gtk_widget_set_tooltip_text (field->spin, field->tooltip);
}

static void
refresh_text (Field *field)
{
  JsonNode *node = value_of (field);
  const char *text = NULL;

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node) && field->language != NULL)
    text = kol_editor_object_string (json_node_get_object (node), field->language);
  else
    text = node_string (node);
  kol_editor_entry_set_text (GTK_EDITABLE (field->entry), text);
}

static void
refresh_choice (Field *field)
{
  const char *value = node_string (value_of (field));
  int i = value != NULL ? kol_editor_index_of ((const char * const *) field->values, value) : -1;
  guint position = GTK_INVALID_LIST_POSITION;

  if (i >= 0)
    position = (guint) i + (field->has_none ? 1 : 0);
  else if (value == NULL && field->has_none)
    position = 0;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field->dropdown), position);
}

static void
refresh_color (Field *field)
{
  const char *value = node_string (value_of (field));
  GdkRGBA rgba = { 0.5, 0.5, 0.5, 1.0 };

  if (value != NULL)
    gdk_rgba_parse (&rgba, value);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (field->color), &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
refresh_colors (Field *field)
{
  JsonNode *node = value_of (field);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; i < field->checks->len; i++)
    {
      gboolean on = FALSE;

      for (guint k = 0; array != NULL && k < json_array_get_length (array); k++)
        on |= g_strcmp0 (node_string (json_array_get_element (array, k)), field->values[i]) == 0;
      gtk_check_button_set_active (g_ptr_array_index (field->checks, i), on);
    }
}

static void
refresh (Field *field)
{
  JsonNode *node;

  field->updating = TRUE;
  switch (field->kind)
    {
    case FIELD_INT:
    case FIELD_INT_OR:
      refresh_int (field);
      break;
    case FIELD_TEXT:
      refresh_text (field);
      break;
    case FIELD_CHOICE:
      refresh_choice (field);
      break;
    case FIELD_WORDS:
    case FIELD_NUMBERS:
    case FIELD_CELLS:
      {
        g_autofree char *text = field->kind == FIELD_CELLS ? join_cells (value_of (field))
                                                           : join_array (value_of (field));

        /* not while being typed in: the entry is written when left */
        if (!gtk_widget_has_focus (field->entry) && !gtk_widget_is_focus (field->entry))
          kol_editor_entry_set_text (GTK_EDITABLE (field->entry), text);
      }
      break;
    case FIELD_CHECK:
      node = value_of (field);
      if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (field->toggle), field->check_default);
      else
        gtk_check_button_set_active (GTK_CHECK_BUTTON (field->toggle), json_node_get_boolean (node));
      break;
    case FIELD_COLOR:
      refresh_color (field);
      break;
    case FIELD_COLORS:
      refresh_colors (field);
      break;
    }
  field->updating = FALSE;
}

static void
document_changed_cb (GtkWidget      *widget,
                     KolTitleChange  what)
{
  Field *field = field_of (widget);

  if (field != NULL && (what & KOL_TITLE_CHANGE_GAME))
    refresh (field);
}

/* ---- the common part ------------------------------------------------------------------ */

static void mark (GtkWidget  *widget,
                  GListModel *issues);

#define ISSUES_KEY "kol-editor-issues"

static void
issues_changed_cb (GtkWidget  *widget,
                   guint       position,
                   guint       removed,
                   guint       added,
                   GListModel *issues)
{
  mark (widget, issues);
}

/**
 * kol_editor_fields_set_issues:
 * @doc: a document
 * @issues: (nullable): the #KolTitleIssue list of its validation panel
 *
 * The problems that fields of @doc created from now on mark themselves
 * with, as the list changes.
 */
void
kol_editor_fields_set_issues (KolTitleDocument *doc,
                              GListModel       *issues)
{
  g_return_if_fail (KOL_IS_TITLE_DOCUMENT (doc));

  g_object_set_data_full (G_OBJECT (doc), ISSUES_KEY, issues != NULL ? g_object_ref (issues) : NULL,
                          g_object_unref);
}

static Field *
field_new (GtkWidget        *widget,
           FieldKind         kind,
           KolTitleDocument *doc,
           const char       *path,
           const char       *label)
{
  Field *field = g_new0 (Field, 1);

  field->kind = kind;
  field->doc = g_object_ref (doc);
  field->path = g_strdup (path);
  field->label = g_strdup (label);
  GListModel *issues = g_object_get_data (G_OBJECT (doc), ISSUES_KEY);

  g_object_set_data_full (G_OBJECT (widget), FIELD_KEY, field, (GDestroyNotify) field_free);
  g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), widget, G_CONNECT_SWAPPED);
  if (issues != NULL)
    {
      g_signal_connect_object (issues, "items-changed", G_CALLBACK (issues_changed_cb), widget, G_CONNECT_SWAPPED);
      mark (widget, issues);
    }
  return field;
}

/** kol_editor_field_get_path: Returns: (transfer none) (nullable): the JSON path a field shows */
const char *
kol_editor_field_get_path (GtkWidget *widget)
{
  Field *field = field_of (widget);

  return field != NULL ? field->path : NULL;
}

/** kol_editor_field_refresh: shows the document's value again. */
void
kol_editor_field_refresh (GtkWidget *widget)
{
  Field *field = field_of (widget);

  if (field != NULL)
    refresh (field);
}

/* ---- numbers -------------------------------------------------------------------------------- */

static void
int_changed_cb (GtkWidget *widget)
{
  Field *field = field_of (widget);
  g_autoptr(JsonNode) value = NULL;

  if (field == NULL || field->updating)
    return;
  if (field->toggle != NULL)
    gtk_widget_set_sensitive (field->spin, !gtk_check_button_get_active (GTK_CHECK_BUTTON (field->toggle)));
  if (field->toggle != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (field->toggle)))
    {
      value = json_node_new (JSON_NODE_VALUE);
      json_node_set_string (value, field->word);
    }
  else
    {
      value = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (value, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field->spin)));
    }
  write_value (field, widget, value);
}

static GtkWidget *
new_spin (int min,
          int max,
          int step)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, step);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  return spin;
}

/**
 * kol_editor_field_int:
 * @doc: the document
 * @path: the JSON path of a number of game.json
 * @min: the lowest value
 * @max: the highest value
 * @step: the step of the buttons
 * @label: the name of the change, for Undo
 *
 * A number; one given by player count or option shows and changes its
 * "default".
 *
 * Returns: (transfer floating): a spin button
 */
GtkWidget *
kol_editor_field_int (KolTitleDocument *doc,
                      const char       *path,
                      int               min,
                      int               max,
                      int               step,
                      const char       *label)
{
  GtkWidget *spin = new_spin (min, max, step);
  Field *field = field_new (spin, FIELD_INT, doc, path, label);

  field->spin = spin;
  g_signal_connect (spin, "value-changed", G_CALLBACK (int_changed_cb), NULL);
  refresh (field);
  return spin;
}

/**
 * kol_editor_field_int_or:
 * @word: the word that may stand instead of a number ("unlimited")
 * @word_label: the check button's text for it
 *
 * A number, or @word: a spin button and a check button.
 *
 * Returns: (transfer floating): a box holding both
 */
GtkWidget *
kol_editor_field_int_or (KolTitleDocument *doc,
                         const char       *path,
                         int               min,
                         int               max,
                         int               step,
                         const char       *word,
                         const char       *word_label,
                         const char       *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  Field *field = field_new (box, FIELD_INT_OR, doc, path, label);

  field->word = g_strdup (word);
  field->spin = new_spin (min, max, step);
  field->toggle = gtk_check_button_new_with_mnemonic (word_label);
  gtk_box_append (GTK_BOX (box), field->spin);
  gtk_box_append (GTK_BOX (box), field->toggle);
  g_signal_connect_swapped (field->spin, "value-changed", G_CALLBACK (int_changed_cb), box);
  g_signal_connect_swapped (field->toggle, "toggled", G_CALLBACK (int_changed_cb), box);
  refresh (field);
  return box;
}

/* ---- texts --------------------------------------------------------------------------------- */

static void
text_changed_cb (GtkWidget *entry)
{
  Field *field = field_of (entry);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr(GError) error = NULL;

  if (field == NULL || field->updating)
    return;
  if (field->keep_empty)
    {
      g_autoptr(JsonNode) value = json_node_new (JSON_NODE_VALUE);

      json_node_set_string (value, text);
      write_value (field, entry, value);
      return;
    }
  if (!kol_title_document_set_game_text (field->doc, field->path, field->language,
                                         text[0] != '\0' ? text : NULL, field->label, &error))
    kol_editor_report (entry, error);
}

/**
 * kol_editor_field_text:
 * @language: (nullable): "en" or "ru" for one language of a translated
 *   text, or %NULL for a name that is the same in every language
 *
 * A text, written as it is typed (each text is one Undo step).
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_text (KolTitleDocument *doc,
                       const char       *path,
                       const char       *language,
                       const char       *label)
{
  GtkWidget *entry = gtk_entry_new ();
  Field *field = field_new (entry, FIELD_TEXT, doc, path, label);

  field->entry = entry;
  field->language = g_strdup (language);
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "changed", G_CALLBACK (text_changed_cb), NULL);
  refresh (field);
  return entry;
}

/**
 * kol_editor_field_string:
 *
 * A string where "" is a value of its own (a market cell without a
 * price), written as it is typed.
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_string (KolTitleDocument *doc,
                         const char       *path,
                         const char       *label)
{
  GtkWidget *entry = kol_editor_field_text (doc, path, NULL, label);

  field_of (entry)->keep_empty = TRUE;
  gtk_widget_set_hexpand (entry, FALSE);
  return entry;
}

/* ---- choices ----------------------------------------------------------------------------- */

static void
choice_changed_cb (GtkWidget *dropdown)
{
  Field *field = field_of (dropdown);
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  g_autoptr(JsonNode) value = NULL;
  guint n;

  if (field == NULL || field->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  n = g_strv_length (field->values);
  if (field->has_none && selected == 0)
    {
      write_value (field, dropdown, NULL);
      return;
    }
  selected -= field->has_none ? 1 : 0;
  if (selected >= n)
    return;
  value = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (value, field->values[selected]);
  write_value (field, dropdown, value);
}

/**
 * kol_editor_field_choice:
 * @values: the values to choose from
 * @labels: (nullable): what the menu shows for each, or %NULL for the
 *   values themselves
 * @none_label: (nullable): a first item that removes the value, or %NULL
 *   when the value is required
 *
 * Returns: (transfer floating): a drop-down
 */
GtkWidget *
kol_editor_field_choice (KolTitleDocument   *doc,
                         const char         *path,
                         const char * const *values,
                         const char * const *labels,
                         const char         *none_label,
                         const char         *label)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GtkWidget *dropdown;
  Field *field;

  if (none_label != NULL)
    gtk_string_list_append (model, none_label);
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    gtk_string_list_append (model, labels != NULL ? labels[i] : values[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (model)), NULL);
  field = field_new (dropdown, FIELD_CHOICE, doc, path, label);
  field->dropdown = dropdown;
  field->values = g_strdupv ((char **) values);
  if (field->values == NULL)
    field->values = g_new0 (char *, 1);
  field->has_none = none_label != NULL;
  gtk_widget_set_halign (dropdown, GTK_ALIGN_START);
  refresh (field);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (choice_changed_cb), NULL);
  return dropdown;
}

/* ---- lists of words and numbers ------------------------------------------------------------- */

static gboolean
not_cells (const char  *word,
           GError     **error)
{
  /* Translators: %s is what was typed where market cells "row:column" were expected. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
               _("“%s” is not a cell: write its row and column, as 4:2"), word);
  return FALSE;
}

/* "4:2 3:5" as [[4, 2], [3, 5]]. */
static JsonNode *
parse_cells (const char  *text,
             GError     **error)
{
  g_auto(GStrv) words = kol_editor_split_words (text);
  g_autoptr(JsonArray) array = json_array_new ();

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (words[i], ":", 2);
      guint64 row, column;
      JsonArray *pair;

      if (parts[1] == NULL || !g_ascii_string_to_unsigned (parts[0], 10, 0, 999, &row, NULL)
          || !g_ascii_string_to_unsigned (parts[1], 10, 0, 999, &column, NULL))
        {
          not_cells (words[i], error);
          return NULL;
        }
      pair = json_array_new ();
      json_array_add_int_element (pair, (gint64) row);
      json_array_add_int_element (pair, (gint64) column);
      json_array_add_array_element (array, pair);
    }
  return json_node_init_array (json_node_alloc (), array);
}

static JsonNode *
parse_numbers (const char  *text,
               GError     **error)
{
  g_auto(GStrv) words = kol_editor_split_words (text);
  JsonArray *array = json_array_new ();
  JsonNode *node;

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      gint64 n;

      if (!g_ascii_string_to_signed (words[i], 10, -100000000, 100000000, &n, NULL))
        {
          json_array_unref (array);
          /* Translators: %s is what was typed where numbers were expected. */
          g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                       _("“%s” is not a whole number"), words[i]);
          return NULL;
        }
      json_array_add_int_element (array, n);
    }
  node = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);
  return node;
}

/* The element of @old named @word: an object such as 1849's conditional
 * event {"id": "bonds", "options": [...]} stays what it was. */
static JsonNode *
old_element (JsonNode   *old,
             const char *word)
{
  JsonArray *array = old != NULL && JSON_NODE_HOLDS_ARRAY (old) ? json_node_get_array (old) : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_OBJECT (element)
          && g_strcmp0 (kol_editor_object_string (json_node_get_object (element), "id"), word) == 0)
        return element;
    }
  return NULL;
}

static JsonNode *
words_node (GStrv     words,
            JsonNode *old)
{
  JsonArray *array = json_array_new ();
  JsonNode *node;

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      JsonNode *kept = old_element (old, words[i]);

      if (kept != NULL)
        json_array_add_element (array, json_node_copy (kept));
      else
        json_array_add_string_element (array, words[i]);
    }
  node = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);
  return node;
}

static void
commit_list (GtkWidget *entry)
{
  Field *field = field_of (entry);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) value = NULL;
  g_auto(GStrv) words = NULL;

  if (field == NULL || field->updating)
    return;
  if (field->kind == FIELD_NUMBERS)
    value = parse_numbers (text, &error);
  else if (field->kind == FIELD_CELLS)
    value = parse_cells (text, &error);
  else
    {
      words = kol_editor_split_words (text);
      value = words_node (words, value_of (field));
    }
  if (value == NULL)
    {
      kol_editor_report (entry, error);
      return;
    }
  /* nothing typed where there was nothing: nothing to write */
  if (json_array_get_length (json_node_get_array (value)) == 0 && value_of (field) == NULL)
    return;
  write_value (field, entry, value);
}

static void
list_focus_left_cb (GtkEventControllerFocus *controller)
{
  commit_list (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static GtkWidget *
list_field (KolTitleDocument *doc,
            const char       *path,
            FieldKind         kind,
            const char       *label)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  Field *field = field_new (entry, kind, doc, path, label);

  field->entry = entry;
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "activate", G_CALLBACK (commit_list), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (list_focus_left_cb), NULL);
  gtk_widget_add_controller (entry, focus);
  refresh (field);
  return entry;
}

/**
 * kol_editor_field_words:
 *
 * A list of ids, typed separated by spaces or commas.
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_words (KolTitleDocument *doc,
                        const char       *path,
                        const char       *label)
{
  return list_field (doc, path, FIELD_WORDS, label);
}

/**
 * kol_editor_field_numbers:
 *
 * A list of whole numbers, typed separated by spaces or commas.
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_numbers (KolTitleDocument *doc,
                          const char       *path,
                          const char       *label)
{
  return list_field (doc, path, FIELD_NUMBERS, label);
}

/**
 * kol_editor_field_cells:
 *
 * A list of market cells, typed as "row:column" separated by spaces.
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_cells (KolTitleDocument *doc,
                        const char       *path,
                        const char       *label)
{
  return list_field (doc, path, FIELD_CELLS, label);
}

/* ---- yes or no, colours --------------------------------------------------------------------- */

static void
check_toggled_cb (GtkWidget *check)
{
  Field *field = field_of (check);
  g_autoptr(JsonNode) value = json_node_new (JSON_NODE_VALUE);

  if (field == NULL || field->updating)
    return;
  json_node_set_boolean (value, gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  write_value (field, check, value);
}

/**
 * kol_editor_field_check:
 * @text: the check button's text, with a mnemonic
 *
 * Returns: (transfer floating): a check button for a true or false value
 */
GtkWidget *
kol_editor_field_check (KolTitleDocument *doc,
                        const char       *path,
                        const char       *text,
                        const char       *label)
{
  GtkWidget *check = gtk_check_button_new_with_mnemonic (text);
  Field *field = field_new (check, FIELD_CHECK, doc, path, label);

  field->toggle = check;
  refresh (field);
  g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), NULL);
  return check;
}

/**
 * kol_editor_field_check_default:
 * @default_value: what the value is when the file does not say
 *
 * Returns: (transfer floating): a check button for a true or false value
 *   that the file may leave out
 */
GtkWidget *
kol_editor_field_check_default (KolTitleDocument *doc,
                                const char       *path,
                                const char       *text,
                                gboolean          default_value,
                                const char       *label)
{
  GtkWidget *check = kol_editor_field_check (doc, path, text, label);
  Field *field = field_of (check);

  field->check_default = default_value;
  refresh (field);
  return check;
}

static void
color_set_cb (GtkWidget *button)
{
  Field *field = field_of (button);
  g_autoptr(JsonNode) value = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = NULL;
  GdkRGBA rgba;

  if (field == NULL || field->updating)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  text = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5), (int) (rgba.green * 255 + 0.5),
                          (int) (rgba.blue * 255 + 0.5));
  json_node_set_string (value, text);
  write_value (field, button, value);
}

/**
 * kol_editor_field_color:
 *
 * A colour written as "#rrggbb".
 *
 * Returns: (transfer floating): a colour button
 */
GtkWidget *
kol_editor_field_color (KolTitleDocument *doc,
                        const char       *path,
                        const char       *label)
{
  GtkWidget *button;
  Field *field;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  button = gtk_color_button_new ();
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (button), FALSE);
  G_GNUC_END_IGNORE_DEPRECATIONS
  field = field_new (button, FIELD_COLOR, doc, path, label);
  field->color = button;
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  refresh (field);
  g_signal_connect (button, "color-set", G_CALLBACK (color_set_cb), NULL);
  return button;
}

static void
colors_toggled_cb (GtkWidget *box)
{
  Field *field = field_of (box);
  g_autoptr(JsonNode) value = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) chosen = NULL;

  if (field == NULL || field->updating)
    return;
  for (guint i = 0; i < field->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (field->checks, i)))
      g_strv_builder_add (builder, field->values[i]);
  chosen = g_strv_builder_end (builder);
  value = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (value, json_array_new ());
  for (guint i = 0; chosen[i] != NULL; i++)
    json_array_add_string_element (json_node_get_array (value), chosen[i]);
  write_value (field, box, value);
}

/**
 * kol_editor_field_colors:
 * @colors: the tile colours offered, in the order written
 *
 * A set of tile colours (a phase's "tiles"): one check button each.
 *
 * Returns: (transfer floating): a box of check buttons
 */
GtkWidget *
kol_editor_field_colors (KolTitleDocument   *doc,
                         const char         *path,
                         const char * const *colors,
                         const char         *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  Field *field = field_new (box, FIELD_COLORS, doc, path, label);

  field->values = g_strdupv ((char **) colors);
  field->checks = g_ptr_array_new ();
  for (guint i = 0; colors != NULL && colors[i] != NULL; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (kol_editor_color_label (colors[i]));

      g_ptr_array_add (field->checks, check);
      gtk_box_append (GTK_BOX (box), check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (colors_toggled_cb), box);
    }
  refresh (field);
  return box;
}

/* ---- forms and problems -------------------------------------------------------------------- */

/**
 * kol_editor_form_add:
 * @grid: a form's grid: labels in column 0, controls in column 1
 * @row: the row
 * @mnemonic: the label, with a mnemonic
 * @field: the control
 */
void
kol_editor_form_add (GtkGrid    *grid,
                     int         row,
                     const char *mnemonic,
                     GtkWidget  *field)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  Field *data = field_of (field);
  GtkWidget *target = data != NULL && data->spin != NULL ? data->spin
                      : data != NULL && data->toggle != NULL && data->kind == FIELD_CHECK ? data->toggle : field;

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), target);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
}

static KolTitleIssue *
issue_at (GListModel *issues,
          const char *path)
{
  gsize len = strlen (path);

  for (guint i = 0; issues != NULL && i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (issues, i);
      const char *at = kol_title_issue_get_path (issue);

      if (kol_title_issue_get_file (issue) != KOL_TITLE_FILE_GAME || at == NULL)
        continue;
      if (strncmp (at, path, len) == 0 && (at[len] == '\0' || at[len] == '.' || at[len] == '['))
        return g_steal_pointer (&issue);
    }
  return NULL;
}

static void
mark (GtkWidget  *widget,
      GListModel *issues)
{
  Field *field = field_of (widget);
  g_autoptr(KolTitleIssue) issue = NULL;

  if (field == NULL)
    return;
  issue = issue_at (issues, field->path);
  if (issue != NULL)
    {
      gtk_widget_add_css_class (widget, "error");
      gtk_widget_set_tooltip_text (widget, kol_title_issue_get_message (issue));
    }
  else
    {
      gtk_widget_remove_css_class (widget, "error");
      gtk_widget_set_tooltip_text (widget, field->tooltip);
    }
}

/**
 * kol_editor_fields_show_issues:
 * @container: a page or a form
 * @issues: (nullable): a #GListModel of #KolTitleIssue
 *
 * Marks every field under @container whose value (or a part of it) the
 * validation reports, with the problem as its tooltip, and unmarks the
 * others.
 */
void
kol_editor_fields_show_issues (GtkWidget  *container,
                               GListModel *issues)
{
  for (GtkWidget *child = gtk_widget_get_first_child (container); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (field_of (child) != NULL)
        mark (child, issues);
      else
        kol_editor_fields_show_issues (child, issues);
    }
}

/* ---- items of game.json's lists ------------------------------------------------------------ */

/**
 * kol_editor_list_ids:
 * @doc: the document
 * @list: "trains", "phases", "corporations" or "privates"
 *
 * Returns: (transfer full): the ids of the list's items (the names of
 *   phases), "" for an item without one; a page rebuilds its rows when
 *   they change
 */
GStrv
kol_editor_list_ids (KolTitleDocument *doc,
                     const char       *list)
{
  g_autofree char *path = g_strconcat ("$.", list, NULL);
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *key = g_str_equal (list, "phases") ? "name" : "id";

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *id = JSON_NODE_HOLDS_OBJECT (element)
                       ? kol_editor_object_string (json_node_get_object (element), key) : NULL;

      g_strv_builder_add (builder, id != NULL ? id : "");
    }
  return g_strv_builder_end (builder);
}

typedef struct
{
  KolTitleDocument *doc;
  char             *list;
  guint             index;
} Item;

static void
item_free (Item *item)
{
  g_object_unref (item->doc);
  g_free (item->list);
  g_free (item);
}

static Item *
item_new (GtkWidget        *widget,
          KolTitleDocument *doc,
          const char       *list,
          guint             index)
{
  Item *item = g_new0 (Item, 1);

  item->doc = g_object_ref (doc);
  item->list = g_strdup (list);
  item->index = index;
  g_object_set_data_full (G_OBJECT (widget), "kol-item", item, (GDestroyNotify) item_free);
  return item;
}

static void
rename_cb (GtkWidget *entry)
{
  Item *item = g_object_get_data (G_OBJECT (entry), "kol-item");
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  g_autoptr(GError) error = NULL;

  if (item == NULL || GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "kol-updating")))
    return;
  if (!kol_title_document_rename_game_item (item->doc, item->list, item->index, id, &error))
    kol_editor_report (entry, error);
}

static void
rename_focus_left_cb (GtkEventControllerFocus *controller)
{
  rename_cb (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

/**
 * kol_editor_field_id:
 * @doc: the document
 * @list: "trains", "phases", "corporations" or "privates"
 * @index: the item
 *
 * The item's id (a phase's name): written when Enter is pressed or the
 * focus leaves, and renamed everywhere it is named
 * (kol_title_document_rename_game_item()).
 *
 * Returns: (transfer floating): an entry
 */
GtkWidget *
kol_editor_field_id (KolTitleDocument *doc,
                     const char       *list,
                     guint             index)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_auto(GStrv) ids = kol_editor_list_ids (doc, list);

  item_new (entry, doc, list, index);
  if (index < g_strv_length (ids))
    gtk_editable_set_text (GTK_EDITABLE (entry), ids[index]);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
  gtk_widget_set_hexpand (entry, FALSE);
  g_signal_connect (entry, "activate", G_CALLBACK (rename_cb), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (rename_focus_left_cb), NULL);
  gtk_widget_add_controller (entry, focus);
  return entry;
}

typedef struct
{
  Item      *item;
  char      *what;
  GtkWidget *report_to;   /* weak */
} ItemChange;

/* Moving or removing an item builds its rows again, this button's too: not
 * while the button is still telling of its click. */
static gboolean
item_change_cb (gpointer user_data)
{
  ItemChange *change = user_data;
  Item *item = change->item;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (g_str_equal (change->what, "up"))
    ok = kol_title_document_move_game_item (item->doc, item->list, item->index, item->index - 1, &error);
  else if (g_str_equal (change->what, "down"))
    ok = kol_title_document_move_game_item (item->doc, item->list, item->index, item->index + 1, &error);
  else
    ok = kol_title_document_remove_game_item (item->doc, item->list, item->index, &error);
  if (!ok && change->report_to != NULL)
    kol_editor_report (change->report_to, error);
  if (change->report_to != NULL)
    g_object_remove_weak_pointer (G_OBJECT (change->report_to), (gpointer *) &change->report_to);
  item_free (item);
  g_free (change->what);
  g_free (change);
  return G_SOURCE_REMOVE;
}

static void
item_button_cb (GtkWidget *button)
{
  Item *item = g_object_get_data (G_OBJECT (button), "kol-item");
  ItemChange *change = g_new0 (ItemChange, 1);

  change->item = g_new0 (Item, 1);
  change->item->doc = g_object_ref (item->doc);
  change->item->list = g_strdup (item->list);
  change->item->index = item->index;
  change->what = g_strdup (g_object_get_data (G_OBJECT (button), "kol-what"));
  change->report_to = button;
  g_object_add_weak_pointer (G_OBJECT (button), (gpointer *) &change->report_to);
  g_idle_add (item_change_cb, change);
}

static GtkWidget *
item_button (KolTitleDocument *doc,
             const char       *list,
             guint             index,
             const char       *what,
             const char       *icon,
             const char       *tooltip,
             gboolean          sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  item_new (button, doc, list, index);
  g_object_set_data (G_OBJECT (button), "kol-what", (gpointer) what);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_sensitive (button, sensitive);
  g_signal_connect (button, "clicked", G_CALLBACK (item_button_cb), NULL);
  return button;
}

/**
 * kol_editor_item_buttons:
 * @doc: the document
 * @list: "trains", "phases", "corporations" or "privates"
 * @index: the item
 * @n_items: how many items the list has
 *
 * Returns: (transfer floating): buttons moving the item up and down and
 *   removing it
 */
GtkWidget *
kol_editor_item_buttons (KolTitleDocument *doc,
                         const char       *list,
                         guint             index,
                         guint             n_items)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_box_append (GTK_BOX (box), item_button (doc, list, index, "up", "go-up-symbolic", _("Move Up"), index > 0));
  gtk_box_append (GTK_BOX (box), item_button (doc, list, index, "down", "go-down-symbolic", _("Move Down"),
                                              index + 1 < n_items));
  gtk_box_append (GTK_BOX (box), item_button (doc, list, index, "remove", "list-remove-symbolic", _("Remove"),
                                              TRUE));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  return box;
}
