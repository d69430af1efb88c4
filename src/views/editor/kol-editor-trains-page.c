/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-fields.h"
#include "kol-editor-trains-page.h"
#include "kol-editor-util.h"

/**
 * KolEditorTrainsPage:
 *
 * The trains and the phases of a title as two tables, one row each, in
 * the order of game.json (the depot's order; the phases' order). A train:
 * its id and name, distance, price, copies, the train whose purchase
 * rusts it or makes it obsolete, the phase it is sold from. A phase: its
 * name, the train starting it, the tile colours, the train limit, the
 * operating rounds per set, and the flags and events its rules module
 * reads. Rows are built again when trains or phases are added, removed,
 * moved or renamed; otherwise every control follows the document.
 */
struct _KolEditorTrainsPage
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  GStrv             trains;     /* ids the rows were built for */
  GStrv             phases;
  GStrv             colors;

  GtkWidget *scroller;
  GtkGrid   *trains_grid;
  GtkGrid   *phases_grid;
};

G_DEFINE_FINAL_TYPE (KolEditorTrainsPage, kol_editor_trains_page, GTK_TYPE_WIDGET)

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static void
add_headers (GtkGrid            *grid,
             const char * const *headers)
{
  for (int i = 0; headers[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (headers[i][0] != '\0' ? _(headers[i]) : "");

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_yalign (GTK_LABEL (label), 1);
      /* a long heading takes two lines rather than widening its column */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_grid_attach (grid, label, i, 0, 1, 1);
    }
}

static char *
item_path (const char *list,
           guint       index,
           const char *key)
{
  return g_strdup_printf ("$.%s[%u].%s", list, index, key);
}

/* Labels a control by its column's heading and the row's id, for screen
 * readers. */
static void
name_control (GtkWidget  *widget,
              const char *header,
              const char *id)
{
  /* Translators: a control in a table row: %1$s is the column, %2$s the
   * row's id, e.g. "Price of 4H". */
  g_autofree char *name = g_strdup_printf (_("%1$s of %2$s"), header, id);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* ---- trains ------------------------------------------------------------------------------ */

static const char * const train_headers[] = {
  N_("Id"), N_("Name"), N_("Distance"), N_("Price"), N_("Copies"), N_("Rusts when bought"),
  N_("Obsolete when bought"), N_("Sold from phase"), "", NULL
};

static void
add_train_row (KolEditorTrainsPage *self,
               guint                i)
{
  guint n = g_strv_length (self->trains);
  const char *id = self->trains[i];
  g_autofree char *name = item_path ("trains", i, "name");
  g_autofree char *distance = item_path ("trains", i, "distance");
  g_autofree char *price = item_path ("trains", i, "price");
  g_autofree char *count = item_path ("trains", i, "count");
  g_autofree char *rusts = item_path ("trains", i, "rusts_on");
  g_autofree char *obsolete = item_path ("trains", i, "obsolete_on");
  g_autofree char *available = item_path ("trains", i, "available_on");
  GtkWidget *cells[9];

  cells[0] = kol_editor_field_id (self->doc, "trains", i);
  cells[1] = kol_editor_field_text (self->doc, name, NULL, _("Train name"));
  gtk_editable_set_width_chars (GTK_EDITABLE (cells[1]), 5);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (cells[1]), 8);
  gtk_widget_set_hexpand (cells[1], FALSE);
  cells[2] = kol_editor_field_int_or (self->doc, distance, 1, 99, 1, "unlimited", _("Any"), _("Train distance"));
  cells[3] = kol_editor_field_int (self->doc, price, 0, 99990, 10, _("Train price"));
  /* Translators: the check button of a train's count that makes it unlimited. */
  cells[4] = kol_editor_field_int_or (self->doc, count, 0, 99, 1, "unlimited", C_("train count", "∞"),
                                      _("Train copies"));
  gtk_widget_set_tooltip_text (gtk_widget_get_last_child (cells[4]), _("Unlimited"));
  cells[5] = kol_editor_field_choice (self->doc, rusts, (const char * const *) self->trains, NULL, _("Never"),
                                     _("Train rusting"));
  cells[6] = kol_editor_field_choice (self->doc, obsolete, (const char * const *) self->trains, NULL, _("Never"),
                                     _("Train obsolete"));
  cells[7] = kol_editor_field_choice (self->doc, available, (const char * const *) self->phases, NULL,
                                     _("The start"), _("Train availability"));
  cells[8] = kol_editor_item_buttons (self->doc, "trains", i, n);
  for (int c = 0; c < 9; c++)
    {
      if (c < 8)
        name_control (cells[c], _(train_headers[c]), id);
      gtk_grid_attach (self->trains_grid, cells[c], c, (int) i + 1, 1, 1);
    }
}

/* ---- phases -------------------------------------------------------------------------------- */

static const char * const phase_headers[] = {
  N_("Name"), N_("Started by"), N_("Tile colours"), N_("Train limit"), N_("Operating rounds"),
  N_("Status"), N_("Events"), "", NULL
};

static void
add_phase_row (KolEditorTrainsPage *self,
               guint                i)
{
  guint n = g_strv_length (self->phases);
  const char *id = self->phases[i];
  g_autofree char *on = item_path ("phases", i, "on");
  g_autofree char *tiles = item_path ("phases", i, "tiles");
  g_autofree char *limit = item_path ("phases", i, "train_limit");
  g_autofree char *rounds = item_path ("phases", i, "operating_rounds");
  g_autofree char *status = item_path ("phases", i, "status");
  g_autofree char *events = item_path ("phases", i, "events");
  GtkWidget *cells[8];

  cells[0] = kol_editor_field_id (self->doc, "phases", i);
  cells[1] = kol_editor_field_choice (self->doc, on, (const char * const *) self->trains, NULL,
                                     _("Game start"), _("Phase start"));
  cells[2] = kol_editor_field_colors (self->doc, tiles, (const char * const *) self->colors, _("Phase tiles"));
  cells[3] = kol_editor_field_int (self->doc, limit, 1, 20, 1, _("Train limit"));
  cells[4] = kol_editor_field_int (self->doc, rounds, 1, 9, 1, _("Operating rounds"));
  cells[5] = kol_editor_field_words (self->doc, status, _("Phase status"));
  cells[6] = kol_editor_field_words (self->doc, events, _("Phase events"));
  gtk_widget_set_size_request (cells[5], 120, -1);
  gtk_widget_set_size_request (cells[6], 120, -1);
  cells[7] = kol_editor_item_buttons (self->doc, "phases", i, n);
  for (int c = 0; c < 8; c++)
    {
      if (c < 7)
        name_control (cells[c], _(phase_headers[c]), id);
      gtk_grid_attach (self->phases_grid, cells[c], c, (int) i + 1, 1, 1);
    }
}

/* ---- the rows -------------------------------------------------------------------------------- */

/* game.json's tile colours, the colours a phase may allow. */
static GStrv
tile_colors (KolTitleDocument *doc)
{
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, "$.tile_colors");
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      const char *color = json_array_get_string_element (array, i);

      if (color != NULL && kol_editor_index_of (kol_editor_colors, color) >= 0)
        g_strv_builder_add (builder, color);
    }
  return g_strv_builder_end (builder);
}

static void
rebuild (KolEditorTrainsPage *self)
{
  clear_grid (self->trains_grid);
  clear_grid (self->phases_grid);
  if (self->doc == NULL)
    return;
  add_headers (self->trains_grid, train_headers);
  add_headers (self->phases_grid, phase_headers);
  for (guint i = 0; self->trains[i] != NULL; i++)
    add_train_row (self, i);
  for (guint i = 0; self->phases[i] != NULL; i++)
    add_phase_row (self, i);
}

static gboolean
same (GStrv a,
      GStrv b)
{
  return a != NULL && b != NULL && g_strv_equal ((const char * const *) a, (const char * const *) b);
}

/* The rows stay while the lists keep their items: a control being used is
 * not replaced under the pointer. */
static void
document_changed_cb (KolEditorTrainsPage *self,
                     KolTitleChange       what)
{
  g_auto(GStrv) trains = NULL;
  g_auto(GStrv) phases = NULL;
  g_auto(GStrv) colors = NULL;

  if (!(what & KOL_TITLE_CHANGE_GAME) || self->doc == NULL)
    return;
  trains = kol_editor_list_ids (self->doc, "trains");
  phases = kol_editor_list_ids (self->doc, "phases");
  colors = tile_colors (self->doc);
  if (same (trains, self->trains) && same (phases, self->phases) && same (colors, self->colors))
    return;
  g_strfreev (self->trains);
  g_strfreev (self->phases);
  g_strfreev (self->colors);
  self->trains = g_steal_pointer (&trains);
  self->phases = g_steal_pointer (&phases);
  self->colors = g_steal_pointer (&colors);
  rebuild (self);
}

static void
add_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KolEditorTrainsPage *self = KOL_EDITOR_TRAINS_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->doc != NULL &&
      kol_title_document_add_game_item (self->doc, g_variant_get_string (parameter, NULL), NULL, &error) < 0)
    kol_editor_report (widget, error);
}

/* ---- the object ---------------------------------------------------------------------------------- */

static void
kol_editor_trains_page_dispose (GObject *object)
{
  KolEditorTrainsPage *self = KOL_EDITOR_TRAINS_PAGE (object);

  kol_editor_trains_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_TRAINS_PAGE);

  G_OBJECT_CLASS (kol_editor_trains_page_parent_class)->dispose (object);
}

static void
kol_editor_trains_page_class_init (KolEditorTrainsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_trains_page_dispose;
  gtk_widget_class_install_action (widget_class, "trains-page.add", "s", add_action_cb);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-trains-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorTrainsPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolEditorTrainsPage, trains_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorTrainsPage, phases_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_trains_page_init (KolEditorTrainsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_editor_trains_page_set_document:
 * @self: the page
 * @doc: (nullable): the document to edit
 */
void
kol_editor_trains_page_set_document (KolEditorTrainsPage *self,
                                     KolTitleDocument    *doc)
{
  g_return_if_fail (KOL_IS_EDITOR_TRAINS_PAGE (self));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, doc);
  g_clear_pointer (&self->trains, g_strfreev);
  g_clear_pointer (&self->phases, g_strfreev);
  g_clear_pointer (&self->colors, g_strfreev);
  if (doc != NULL)
    {
      g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      document_changed_cb (self, KOL_TITLE_CHANGE_ALL);
    }
  else if (self->trains_grid != NULL)
    rebuild (self);
}
