/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-abilities.h"
#include "kol-editor-fields.h"
#include "kol-editor-util.h"
#include "kol-l10n.h"

/*
 * The abilities of a private company, from the standard set the standard
 * rules module plays (data/games/README.md, "The standard rules module"):
 * one row each, its type and the controls of its parameters, built from
 * the table below. Changing the type starts the ability afresh, since each
 * type has parameters of its own; an ability of a type outside the set (a
 * title module's own, 1849's teleport) is shown and kept as it is.
 */

typedef enum
{
  PARAM_HEXES,
  PARAM_TILES,
  PARAM_FLAG,
  PARAM_FLAG_ON,    /* a flag true unless written */
  PARAM_NUMBER,
  PARAM_OWNER,
  PARAM_CORPORATION,
  PARAM_PHASE,
  PARAM_WHEN,
  PARAM_FROM,
} ParamKind;

typedef struct
{
  const char *key;
  ParamKind   kind;
  const char *label;
} Param;

typedef struct
{
  const char *type;
  const char *label;
  Param       params[10];
} AbilityType;

static const AbilityType types[] = {
  { "blocks_hex", N_("Blocks hexes"), {
      { "hexes", PARAM_HEXES, N_("Hexes") },
      { "owner_type", PARAM_OWNER, N_("While owned by") } } },
  { "tile_lay", N_("Lays a tile"), {
      { "hexes", PARAM_HEXES, N_("Hexes") },
      { "tiles", PARAM_TILES, N_("Tiles (any when empty)") },
      { "free", PARAM_FLAG, N_("Free") },
      { "discount", PARAM_NUMBER, N_("Discount") },
      { "extra", PARAM_FLAG_ON, N_("Besides the turn’s lay") },
      { "connected", PARAM_FLAG, N_("Only where connected") },
      { "count", PARAM_NUMBER, N_("Times") },
      { "closes_company", PARAM_FLAG, N_("Closes the company when used up") },
      { "owner_type", PARAM_OWNER, N_("Used by") } } },
  { "token", N_("Places a station marker"), {
      { "hexes", PARAM_HEXES, N_("Hexes") },
      { "price", PARAM_NUMBER, N_("Price") },
      { "extra", PARAM_FLAG_ON, N_("Besides the turn’s marker") },
      { "connected", PARAM_FLAG, N_("Only where connected") },
      { "count", PARAM_NUMBER, N_("Times") },
      { "closes_company", PARAM_FLAG, N_("Closes the company when used up") },
      { "owner_type", PARAM_OWNER, N_("Used by") } } },
  { "exchange", N_("Exchanged for a share"), {
      { "corporation", PARAM_CORPORATION, N_("Corporation") },
      { "from", PARAM_FROM, N_("From (ipo, pool)") },
      { "owner_type", PARAM_OWNER, N_("Exchanged by") } } },
  { "close", N_("Closes"), {
      { "when", PARAM_WHEN, N_("When") },
      { "phase", PARAM_PHASE, N_("Phase") },
      { "corporation", PARAM_CORPORATION, N_("Corporation") } } },
  { "no_buy", N_("Corporations may not buy it"), { { NULL } } },
};

static const AbilityType *
type_of (const char *type)
{
  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_strcmp0 (types[i].type, type) == 0)
      return &types[i];
  return NULL;
}

/* ---- what the choices list ----------------------------------------------------------- */

static GStrv
ids_of (KolTitleDocument *doc,
        const char       *list)
{
  return kol_editor_list_ids (doc, list);
}

static GtkWidget *
param_field (KolTitleDocument *doc,
             const char       *ability,
             const Param      *param)
{
  g_autofree char *path = g_strdup_printf ("%s.%s", ability, param->key);
  static const char * const owners[] = { "player", "corporation", NULL };
  static const char * const whens[] = { "phase", "bought_by_corporation", "bought_train", NULL };
  const char *owner_labels[] = { _("A player"), _("A corporation"), NULL };
  const char *when_labels[] = { _("A phase begins"), _("A corporation buys it"), _("A corporation buys a train"),
                                NULL };
  g_auto(GStrv) ids = NULL;

  switch (param->kind)
    {
    case PARAM_HEXES:
    case PARAM_TILES:
    case PARAM_FROM:
      return kol_editor_field_words (doc, path, _("Ability"));
    case PARAM_FLAG:
      return kol_editor_field_check (doc, path, _(param->label), _("Ability"));
    case PARAM_FLAG_ON:
      return kol_editor_field_check_default (doc, path, _(param->label), TRUE, _("Ability"));
    case PARAM_NUMBER:
      return kol_editor_field_int (doc, path, 0, 9990, g_str_equal (param->key, "count") ? 1 : 10, _("Ability"));
    case PARAM_OWNER:
      return kol_editor_field_choice (doc, path, owners, owner_labels, _("The usual"), _("Ability"));
    case PARAM_WHEN:
      return kol_editor_field_choice (doc, path, whens, when_labels, NULL, _("Ability"));
    case PARAM_CORPORATION:
      ids = ids_of (doc, "corporations");
      return kol_editor_field_choice (doc, path, (const char * const *) ids, NULL, _("Any"), _("Ability"));
    case PARAM_PHASE:
      ids = ids_of (doc, "phases");
      return kol_editor_field_choice (doc, path, (const char * const *) ids, NULL, _("None"), _("Ability"));
    }
  return NULL;
}

/* ---- one ability -------------------------------------------------------------------- */

/* A new ability of @type, with what it cannot do without. */
static JsonNode *
fresh_ability (KolTitleDocument *doc,
               const char       *type)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "type", type);
  if (g_str_equal (type, "blocks_hex") || g_str_equal (type, "tile_lay") || g_str_equal (type, "token"))
    json_object_set_array_member (object, "hexes", json_array_new ());
  else if (g_str_equal (type, "exchange"))
    {
      g_auto(GStrv) corps = ids_of (doc, "corporations");

      if (corps[0] != NULL)
        json_object_set_string_member (object, "corporation", corps[0]);
    }
  else if (g_str_equal (type, "close"))
    {
      g_auto(GStrv) phases = ids_of (doc, "phases");
      guint n = g_strv_length (phases);

      json_object_set_string_member (object, "when", "phase");
      if (n > 0)
        json_object_set_string_member (object, "phase", phases[n - 1]);
    }
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

typedef struct
{
  KolTitleDocument *doc;
  char             *path;
  const char       *type;
  GtkWidget        *report_to;   /* weak: for an error, if still there */
} TypeChange;

/* The form is built again for the new type, which takes this menu away:
 * not while it is still telling of its change. */
static gboolean
change_type_cb (gpointer user_data)
{
  TypeChange *change = user_data;
  g_autoptr(JsonNode) ability = fresh_ability (change->doc, change->type);
  g_autoptr(GError) error = NULL;

  if (!kol_title_document_set_game_value (change->doc, change->path, ability, _("Ability type"), &error)
      && change->report_to != NULL)
    kol_editor_report (change->report_to, error);
  if (change->report_to != NULL)
    g_object_remove_weak_pointer (G_OBJECT (change->report_to), (gpointer *) &change->report_to);
  g_object_unref (change->doc);
  g_free (change->path);
  g_free (change);
  return G_SOURCE_REMOVE;
}

static void
type_changed_cb (GtkDropDown *dropdown)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  TypeChange *change;

  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "kol-updating")) || i >= G_N_ELEMENTS (types))
    return;
  change = g_new0 (TypeChange, 1);
  change->doc = g_object_ref (g_object_get_data (G_OBJECT (dropdown), "kol-doc"));
  change->path = g_strdup (g_object_get_data (G_OBJECT (dropdown), "kol-path"));
  change->type = types[i].type;
  change->report_to = GTK_WIDGET (dropdown);
  g_object_add_weak_pointer (G_OBJECT (dropdown), (gpointer *) &change->report_to);
  g_idle_add (change_type_cb, change);
}

static GtkWidget *
type_dropdown (KolTitleDocument *doc,
               const char       *path,
               const char       *type)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GtkWidget *dropdown;
  const AbilityType *known = type_of (type);

  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    gtk_string_list_append (labels, _(types[i].label));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (labels)), NULL);
  g_object_set_data_full (G_OBJECT (dropdown), "kol-doc", g_object_ref (doc), g_object_unref);
  g_object_set_data_full (G_OBJECT (dropdown), "kol-path", g_strdup (path), g_free);
  g_object_set_data (G_OBJECT (dropdown), "kol-updating", GINT_TO_POINTER (TRUE));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), known != NULL ? (guint) (known - types)
                                                                    : GTK_INVALID_LIST_POSITION);
  g_object_set_data (G_OBJECT (dropdown), "kol-updating", GINT_TO_POINTER (FALSE));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Ability type"), -1);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (type_changed_cb), NULL);
  return dropdown;
}

static void
remove_clicked_cb (GtkButton *button)
{
  KolTitleDocument *doc = g_object_get_data (G_OBJECT (button), "kol-doc");
  const char *path = g_object_get_data (G_OBJECT (button), "kol-path");
  g_autoptr(GError) error = NULL;

  if (!kol_title_document_set_game_value (doc, path, NULL, _("Remove an ability"), &error))
    kol_editor_report (GTK_WIDGET (button), error);
}

static GtkWidget *
ability_row (KolTitleDocument *doc,
             const char       *path,
             JsonObject       *ability)
{
  const char *type = kol_editor_object_string (ability, "type");
  const AbilityType *known = type_of (type);
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  int row = 1;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_top (grid, 8);
  gtk_widget_set_margin_bottom (grid, 8);
  g_object_set_data_full (G_OBJECT (remove), "kol-doc", g_object_ref (doc), g_object_unref);
  g_object_set_data_full (G_OBJECT (remove), "kol-path", g_strdup (path), g_free);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove the ability"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove the ability"),
                                  -1);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), NULL);
  gtk_grid_attach (GTK_GRID (grid), type_dropdown (doc, path, type), 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), remove, 2, 0, 1, 1);
  if (known == NULL)
    {
      /* Translators: %s is an ability type of a title's own rules module. */
      g_autofree char *text = g_strdup_printf (_("“%s”: an ability of the title’s own rules, kept as it is"),
                                               type != NULL ? type : "?");
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 3, 1);
    }
  for (int p = 0; known != NULL && p < (int) G_N_ELEMENTS (known->params) && known->params[p].key != NULL; p++)
    {
      const Param *param = &known->params[p];
      GtkWidget *field = param_field (doc, path, param);

      if (param->kind == PARAM_FLAG || param->kind == PARAM_FLAG_ON)
        gtk_grid_attach (GTK_GRID (grid), field, 1, row++, 1, 1);
      else
        kol_editor_form_add (GTK_GRID (grid), row++, _(param->label), field);
    }
  gtk_frame_set_child (GTK_FRAME (frame), grid);
  return frame;
}

/* ---- the list ------------------------------------------------------------------------- */

static void
add_clicked_cb (GtkButton *button)
{
  KolTitleDocument *doc = g_object_get_data (G_OBJECT (button), "kol-doc");
  const char *path = g_object_get_data (G_OBJECT (button), "kol-path");
  JsonNode *current = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);
  g_autoptr(JsonNode) list = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(GError) error = NULL;

  json_node_take_array (list, json_array_new ());
  for (guint i = 0; current != NULL && JSON_NODE_HOLDS_ARRAY (current)
                    && i < json_array_get_length (json_node_get_array (current)); i++)
    json_array_add_element (json_node_get_array (list),
                            json_node_copy (json_array_get_element (json_node_get_array (current), i)));
  json_array_add_element (json_node_get_array (list), fresh_ability (doc, "blocks_hex"));
  if (!kol_title_document_set_game_value (doc, path, list, _("Add an ability"), &error))
    kol_editor_report (GTK_WIDGET (button), error);
}

/**
 * kol_editor_abilities_new:
 * @doc: the document
 * @company: the private company's index in game.json
 *
 * The company's abilities as they are now; the form holding it builds it
 * again when they change (kol_editor_abilities_shape()).
 *
 * Returns: (transfer floating): a box of ability rows and an add button
 */
GtkWidget *
kol_editor_abilities_new (KolTitleDocument *doc,
                          guint             company)
{
  g_autofree char *path = g_strdup_printf ("$.privates[%u].abilities", company);
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *add = gtk_button_new_with_mnemonic (_("Add an A_bility"));

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      JsonObject *ability = json_array_get_object_element (array, i);

      if (ability != NULL)
        gtk_box_append (GTK_BOX (box), ability_row (doc, item, ability));
    }
  g_object_set_data_full (G_OBJECT (add), "kol-doc", g_object_ref (doc), g_object_unref);
  g_object_set_data_full (G_OBJECT (add), "kol-path", g_strdup (path), g_free);
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect (add, "clicked", G_CALLBACK (add_clicked_cb), NULL);
  gtk_box_append (GTK_BOX (box), add);
  return box;
}

/**
 * kol_editor_abilities_shape:
 * @doc: the document
 * @company: the private company's index
 *
 * Returns: (transfer full): the types of its abilities in order, "" for
 *   none: while it stays the same, the rows need not be built again
 */
char *
kol_editor_abilities_shape (KolTitleDocument *doc,
                            guint             company)
{
  g_autofree char *path = g_strdup_printf ("$.privates[%u].abilities", company);
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  GString *out = g_string_new (NULL);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      const char *type = kol_editor_object_string (json_array_get_object_element (array, i), "type");

      g_string_append_printf (out, "%s;", type != NULL ? type : "");
    }
  return g_string_free (out, FALSE);
}
