/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-abilities.h"
#include "kol-editor-companies-page.h"
#include "kol-editor-fields.h"
#include "kol-editor-util.h"
#include "kol-l10n.h"

/**
 * KolEditorCompaniesPage:
 *
 * The corporations or the private companies of a title (KolEditorCompaniesPage:list):
 * the list on the left, in game.json's order (the order random draws
 * follow), with buttons to add, move and remove; the form of the one
 * selected on the right. A corporation: id, names, kind, colours,
 * certificates, float, station markers and their costs, home. A private
 * company: id, names, value, revenue, description and the abilities of its
 * rules module (kol-editor-abilities.c).
 */
struct _KolEditorCompaniesPage
{
  GtkWidget parent_instance;

  char             *kind;       /* "corporations" or "privates" */
  KolTitleDocument *doc;
  GStrv             ids;        /* the rows' ids */
  char             *abilities;  /* kol_editor_abilities_shape() of the form shown */
  int               selected;
  gboolean          updating;

  GtkWidget  *paned;
  GtkLabel   *list_heading;
  GtkWidget  *add_button;
  GtkListBox *list;
  GtkBox     *form_box;
  GtkLabel   *empty_label;
  GtkWidget  *form;
};

G_DEFINE_FINAL_TYPE (KolEditorCompaniesPage, kol_editor_companies_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_privates (KolEditorCompaniesPage *self)
{
  return g_strcmp0 (self->kind, "privates") == 0;
}

static char *
item_path (KolEditorCompaniesPage *self,
           const char             *key)
{
  return g_strdup_printf ("$.%s[%d].%s", self->kind, self->selected, key);
}

static JsonObject *
item_object (KolEditorCompaniesPage *self,
             guint                   index)
{
  g_autofree char *path = g_strdup_printf ("$.%s[%u]", self->kind, index);
  JsonNode *node = kol_title_document_get_value (self->doc, KOL_TITLE_FILE_GAME, path);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* ---- the list ------------------------------------------------------------------------- */

static GtkWidget *
swatch (JsonObject *corp)
{
  GtkWidget *label = gtk_label_new (NULL);
  const char *color = kol_editor_object_string (corp, "color");
  const char *text_color = kol_editor_object_string (corp, "text_color");
  GdkRGBA bg, fg;
  g_autofree char *markup = NULL;

  if (color == NULL || !gdk_rgba_parse (&bg, color))
    return label;
  if (text_color == NULL || !gdk_rgba_parse (&fg, text_color))
    text_color = "#ffffff";
  markup = g_markup_printf_escaped ("<span background=\"%s\" foreground=\"%s\"> ● </span>", color, text_color);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

static GtkWidget *
list_row (KolEditorCompaniesPage *self,
          guint                   index)
{
  JsonObject *item = item_object (self, index);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *id = gtk_label_new (self->ids[index]);
  JsonNode *name = item != NULL ? json_object_get_member (item, "name") : NULL;
  GtkWidget *label = gtk_label_new (name != NULL ? kol_l10n_pick (name) : NULL);

  gtk_widget_add_css_class (id, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  if (!is_privates (self))
    gtk_box_append (GTK_BOX (box), swatch (item));
  gtk_box_append (GTK_BOX (box), id);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  return box;
}

static void build_form (KolEditorCompaniesPage *self);

static void
rebuild_list (KolEditorCompaniesPage *self)
{
  GtkWidget *child;
  guint n = self->ids != NULL ? g_strv_length (self->ids) : 0;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->list, list_row (self, i));
  if (self->selected >= (int) n)
    self->selected = (int) n - 1;
  if (self->selected < 0 && n > 0)
    self->selected = 0;
  gtk_list_box_select_row (self->list, self->selected >= 0 ? gtk_list_box_get_row_at_index (self->list, self->selected)
                                                           : NULL);
  self->updating = FALSE;
}

static void
row_selected_cb (KolEditorCompaniesPage *self,
                 GtkListBoxRow          *row)
{
  if (self->updating || row == NULL)
    return;
  self->selected = gtk_list_box_row_get_index (row);
  build_form (self);
}

/* ---- forms ---------------------------------------------------------------------------------- */

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

typedef struct
{
  GtkGrid *grid;
  int      row;
} Form;

static void
form_add (Form       *form,
          const char *mnemonic,
          GtkWidget  *field)
{
  kol_editor_form_add (form->grid, form->row++, mnemonic, field);
}

static GtkWidget *
narrow (GtkWidget *entry,
        int        chars)
{
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), chars);
  gtk_widget_set_hexpand (entry, FALSE);
  gtk_widget_set_halign (entry, GTK_ALIGN_START);
  return entry;
}

/* The hexes of the map with a city pre-printed: where homes may be. */
static GStrv
city_hexes (KolTitleDocument *doc)
{
  g_auto(GStrv) hexes = kol_title_document_dup_hex_ids (doc);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; hexes != NULL && hexes[i] != NULL; i++)
    {
      JsonObject *hex = kol_title_document_get_hex (doc, hexes[i]);
      JsonNode *tile = hex != NULL ? json_object_get_member (hex, "tile") : NULL;
      JsonNode *nodes = tile != NULL && JSON_NODE_HOLDS_OBJECT (tile)
                        ? json_object_get_member (json_node_get_object (tile), "nodes") : NULL;
      JsonArray *array = nodes != NULL && JSON_NODE_HOLDS_ARRAY (nodes) ? json_node_get_array (nodes) : NULL;
      gboolean city = FALSE;

      for (guint k = 0; array != NULL && k < json_array_get_length (array) && !city; k++)
        city = g_strcmp0 (kol_editor_object_string (json_array_get_object_element (array, k), "kind"),
                          "city") == 0;
      if (city)
        g_strv_builder_add (builder, hexes[i]);
    }
  return g_strv_builder_end (builder);
}

static void
add_names (KolEditorCompaniesPage *self,
           Form                   *form)
{
  g_autofree char *name = item_path (self, "name");
  g_autofree char *short_name = item_path (self, "short");

  form_add (form, _("_Id"), kol_editor_field_id (self->doc, self->kind, (guint) self->selected));
  form_add (form, _("_Name (English)"), kol_editor_field_text (self->doc, name, "en", _("Name")));
  form_add (form, _("Name (_Russian)"), kol_editor_field_text (self->doc, name, "ru", _("Name")));
  form_add (form, _("_Short name (English)"), kol_editor_field_text (self->doc, short_name, "en", _("Short name")));
  form_add (form, _("Short name (R_ussian)"), kol_editor_field_text (self->doc, short_name, "ru", _("Short name")));
}

static void
build_corporation (KolEditorCompaniesPage *self,
                   Form                   *form)
{
  static const char * const types[] = { "public", "major", "minor", "line", "city", NULL };
  const char *type_labels[] = { _("Public company"), _("Major company"), _("Minor company"), _("Line (1840)"),
                                _("City company (1840)"), NULL };
  g_autofree char *type = item_path (self, "type");
  g_autofree char *color = item_path (self, "color");
  g_autofree char *text_color = item_path (self, "text_color");
  g_autofree char *shares = item_path (self, "shares");
  g_autofree char *floats = item_path (self, "float_percent");
  g_autofree char *tokens = item_path (self, "tokens");
  g_autofree char *home = item_path (self, "home");
  g_autofree char *home_city = item_path (self, "home_city");
  g_auto(GStrv) cities = city_hexes (self->doc);

  add_names (self, form);
  form_add (form, _("_Kind"), kol_editor_field_choice (self->doc, type, types, type_labels, NULL,
                                                      _("Corporation kind")));
  form_add (form, _("_Colour"), kol_editor_field_color (self->doc, color, _("Corporation colour")));
  form_add (form, _("_Text colour"), kol_editor_field_color (self->doc, text_color, _("Text colour")));
  form_add (form, _("C_ertificates (%)"), narrow (kol_editor_field_numbers (self->doc, shares, _("Certificates")), 28));
  form_add (form, _("_Floats at (%)"), kol_editor_field_int (self->doc, floats, 10, 100, 10, _("Float percent")));
  form_add (form, _("Station _markers"), narrow (kol_editor_field_numbers (self->doc, tokens, _("Station markers")),
                                                 20));
  form_add (form, _("_Home"), kol_editor_field_choice (self->doc, home, (const char * const *) cities, NULL,
                                                      _("None"), _("Home")));
  form_add (form, _("Home _city"), kol_editor_field_int (self->doc, home_city, 0, 7, 1, _("Home city")));
}

static void
build_private (KolEditorCompaniesPage *self,
               Form                   *form)
{
  g_autofree char *value = item_path (self, "value");
  g_autofree char *revenue = item_path (self, "revenue");
  g_autofree char *description = item_path (self, "description");

  add_names (self, form);
  form_add (form, _("_Value"), kol_editor_field_int (self->doc, value, 0, 99990, 5, _("Private company value")));
  form_add (form, _("_Revenue"), kol_editor_field_int (self->doc, revenue, 0, 9990, 5, _("Private company revenue")));
  form_add (form, _("_Description (English)"), kol_editor_field_text (self->doc, description, "en", _("Description")));
  form_add (form, _("Description (Ru_ssian)"), kol_editor_field_text (self->doc, description, "ru", _("Description")));
}

/* The abilities under the form, with their heading. */
static void
add_abilities (KolEditorCompaniesPage *self,
               GtkBox                 *box)
{
  GtkWidget *title = heading (_("Abilities"));
  GtkWidget *note = gtk_label_new (_("From the set of the standard rules module; the company’s revenue is paid "
                                     "to its owner in every operating round."));

  gtk_widget_set_margin_top (title, 6);
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_box_append (box, title);
  gtk_box_append (box, note);
  gtk_box_append (box, kol_editor_abilities_new (self->doc, (guint) self->selected));
  g_free (self->abilities);
  self->abilities = kol_editor_abilities_shape (self->doc, (guint) self->selected);
}

static void
build_form (KolEditorCompaniesPage *self)
{
  GtkWidget *grid;
  GtkWidget *box;
  Form form;
  guint n = self->ids != NULL ? g_strv_length (self->ids) : 0;

  if (self->form != NULL)
    gtk_box_remove (self->form_box, self->form);
  self->form = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), self->doc != NULL && n == 0);
  if (self->doc == NULL || self->selected < 0 || (guint) self->selected >= n)
    return;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  form = (Form) { GTK_GRID (grid), 0 };
  gtk_box_append (GTK_BOX (box), heading (self->ids[self->selected]));
  if (is_privates (self))
    build_private (self, &form);
  else
    build_corporation (self, &form);
  gtk_box_append (GTK_BOX (box), grid);
  if (is_privates (self))
    add_abilities (self, GTK_BOX (box));
  if (!is_privates (self))
    {
      GtkWidget *notes = gtk_label_new (_("Certificates list the percent of each, the president’s first. The "
                                          "first station marker is the home’s; the others are bought at the "
                                          "costs listed."));

      gtk_label_set_wrap (GTK_LABEL (notes), TRUE);
      gtk_label_set_xalign (GTK_LABEL (notes), 0);
      gtk_widget_add_css_class (notes, "dim-label");
      gtk_box_append (GTK_BOX (box), notes);
    }
  gtk_box_append (GTK_BOX (box),
                  kol_editor_item_buttons (self->doc, self->kind, (guint) self->selected, n));
  self->form = box;
  gtk_box_append (self->form_box, box);
}

/* ---- following the document ----------------------------------------------------------------- */

static void
document_changed_cb (KolEditorCompaniesPage *self,
                     KolTitleChange          what)
{
  g_auto(GStrv) ids = NULL;
  g_autofree char *selected_id = NULL;

  if (!(what & KOL_TITLE_CHANGE_GAME) || self->doc == NULL)
    return;
  ids = kol_editor_list_ids (self->doc, self->kind);
  if (self->ids != NULL && g_strv_equal ((const char * const *) ids, (const char * const *) self->ids))
    {
      g_autofree char *shape = is_privates (self) && self->selected >= 0
                               ? kol_editor_abilities_shape (self->doc, (guint) self->selected) : NULL;

      /* an ability added, removed or of another type: new rows for it */
      if (shape != NULL && g_strcmp0 (shape, self->abilities) != 0)
        build_form (self);
      /* names and colours in the list follow */
      for (guint i = 0; ids[i] != NULL; i++)
        {
          GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) i);

          if (row != NULL)
            gtk_list_box_row_set_child (row, list_row (self, i));
        }
      return;
    }
  /* a moved item stays selected; a new one is selected */
  if (self->ids != NULL && self->selected >= 0 && (guint) self->selected < g_strv_length (self->ids))
    selected_id = g_strdup (self->ids[self->selected]);
  if (self->ids != NULL && g_strv_length (ids) == g_strv_length (self->ids) + 1)
    self->selected = (int) g_strv_length (ids) - 1;
  else if (selected_id != NULL && kol_editor_index_of ((const char * const *) ids, selected_id) >= 0)
    self->selected = kol_editor_index_of ((const char * const *) ids, selected_id);
  g_strfreev (self->ids);
  self->ids = g_steal_pointer (&ids);
  rebuild_list (self);
  build_form (self);
}

static void
add_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KolEditorCompaniesPage *self = KOL_EDITOR_COMPANIES_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->doc != NULL && kol_title_document_add_game_item (self->doc, self->kind, NULL, &error) < 0)
    kol_editor_report (widget, error);
}

/* ---- the object ------------------------------------------------------------------------------- */

static void
update_texts (KolEditorCompaniesPage *self)
{
  gboolean privates = is_privates (self);
  const char *add = privates ? _("Add a Private Company") : _("Add a Corporation");

  gtk_label_set_label (self->list_heading, privates ? _("Private Companies") : _("Corporations"));
  gtk_label_set_label (self->empty_label, privates ? _("No private companies yet: add one with +.")
                                                   : _("No corporations yet: add one with +."));
  gtk_widget_set_tooltip_text (self->add_button, add);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add_button), GTK_ACCESSIBLE_PROPERTY_LABEL, add, -1);
}

static void
kol_editor_companies_page_dispose (GObject *object)
{
  KolEditorCompaniesPage *self = KOL_EDITOR_COMPANIES_PAGE (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_COMPANIES_PAGE);

  G_OBJECT_CLASS (kol_editor_companies_page_parent_class)->dispose (object);
}

static void
kol_editor_companies_page_finalize (GObject *object)
{
  KolEditorCompaniesPage *self = KOL_EDITOR_COMPANIES_PAGE (object);

  g_free (self->kind);
  g_strfreev (self->ids);
  g_free (self->abilities);

  G_OBJECT_CLASS (kol_editor_companies_page_parent_class)->finalize (object);
}

static void
kol_editor_companies_page_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  KolEditorCompaniesPage *self = KOL_EDITOR_COMPANIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIST:
      g_value_set_string (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_companies_page_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  KolEditorCompaniesPage *self = KOL_EDITOR_COMPANIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIST:
      g_free (self->kind);
      self->kind = g_strcmp0 (g_value_get_string (value), "privates") == 0 ? g_strdup ("privates")
                                                                         : g_strdup ("corporations");
      update_texts (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_companies_page_class_init (KolEditorCompaniesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_companies_page_dispose;
  object_class->finalize = kol_editor_companies_page_finalize;
  object_class->get_property = kol_editor_companies_page_get_property;
  object_class->set_property = kol_editor_companies_page_set_property;

  /** KolEditorCompaniesPage:list: "corporations" or "privates". */
  properties[PROP_LIST] =
    g_param_spec_string ("list", NULL, NULL, "corporations",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "companies-page.add", NULL, add_action_cb);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-companies-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, paned);
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, list_heading);
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, add_button);
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, list);
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, form_box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorCompaniesPage, empty_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_companies_page_init (KolEditorCompaniesPage *self)
{
  self->kind = g_strdup ("corporations");
  self->selected = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  update_texts (self);
  g_signal_connect_swapped (self->list, "row-selected", G_CALLBACK (row_selected_cb), self);
}

/**
 * kol_editor_companies_page_set_document:
 * @self: the page
 * @doc: (nullable): the document to edit
 */
void
kol_editor_companies_page_set_document (KolEditorCompaniesPage *self,
                                        KolTitleDocument       *doc)
{
  g_return_if_fail (KOL_IS_EDITOR_COMPANIES_PAGE (self));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, doc);
  g_clear_pointer (&self->ids, g_strfreev);
  self->selected = -1;
  if (doc != NULL)
    {
      g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      document_changed_cb (self, KOL_TITLE_CHANGE_ALL);
    }
  else
    {
      rebuild_list (self);
      build_form (self);
    }
}

/**
 * kol_editor_companies_page_select:
 * @self: the page
 * @index: an item of the list
 *
 * Returns: whether there is such an item
 */
gboolean
kol_editor_companies_page_select (KolEditorCompaniesPage *self,
                                  guint                   index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (KOL_IS_EDITOR_COMPANIES_PAGE (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->list, (int) index);
  if (row == NULL)
    return FALSE;
  gtk_list_box_select_row (self->list, row);
  return TRUE;
}

/** kol_editor_companies_page_get_form: Returns: (transfer none) (nullable): the form shown */
GtkWidget *
kol_editor_companies_page_get_form (KolEditorCompaniesPage *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_COMPANIES_PAGE (self), NULL);
  return self->form;
}
