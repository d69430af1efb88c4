/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-fields.h"
#include "kol-editor-game-page.h"
#include "kol-editor-util.h"
#include "kol-json-scan.h"
#include "kol-title-loader.h"

/**
 * KolEditorGamePage:
 *
 * What game.json says of the title as a whole: its names, designer, rules
 * module, currency and the upgrade order of tile colours; the player
 * counts; the bank; and, for each player count, the starting cash and the
 * certificate limit. Changing the player counts changes those two tables
 * with them (kol_title_document_set_players()).
 */
struct _KolEditorGamePage
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  int               min_players;  /* the counts the table was built for */
  int               max_players;
  gboolean          updating;

  GtkWidget     *scroller;
  GtkGrid       *title_grid;
  GtkGrid       *money_grid;
  GtkGrid       *counts_grid;
  GtkLabel      *id_label;
  GtkSpinButton *min_spin;
  GtkSpinButton *max_spin;
};

G_DEFINE_FINAL_TYPE (KolEditorGamePage, kol_editor_game_page, GTK_TYPE_WIDGET)

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static gint64
players_member (KolTitleDocument *doc,
                const char       *key,
                gint64            fallback)
{
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, "$.players");

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fallback;
  return kol_editor_object_int (json_node_get_object (node), key, fallback);
}

static GtkWidget *
narrow (GtkWidget *widget,
        int        chars)
{
  if (GTK_IS_EDITABLE (widget))
    gtk_editable_set_width_chars (GTK_EDITABLE (widget), chars);
  gtk_widget_set_hexpand (widget, FALSE);
  gtk_widget_set_halign (widget, GTK_ALIGN_START);
  return widget;
}

/* ---- the title ------------------------------------------------------------------------- */

static void
build_title (KolEditorGamePage *self)
{
  g_auto(GStrv) modules = kol_title_loader_dup_rules_modules ();
  int row = 0;

  self->id_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->id_label, 0);
  gtk_label_set_selectable (self->id_label, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->id_label),
                               _("A title’s id is the name of its folder; Save As New Title gives it another"));
  kol_editor_form_add (self->title_grid, row++, _("Id"), GTK_WIDGET (self->id_label));
  kol_editor_form_add (self->title_grid, row++, _("_Name (English)"),
                       kol_editor_field_text (self->doc, "$.name", "en", _("Title name")));
  kol_editor_form_add (self->title_grid, row++, _("Name (_Russian)"),
                       kol_editor_field_text (self->doc, "$.name", "ru", _("Title name")));
  kol_editor_form_add (self->title_grid, row++, _("_Designer"),
                       kol_editor_field_text (self->doc, "$.designer", NULL, _("Designer")));
  kol_editor_form_add (self->title_grid, row++, _("Rules _module"),
                       kol_editor_field_choice (self->doc, "$.rules_module", (const char * const *) modules, NULL,
                                                NULL, _("Rules module")));
  kol_editor_form_add (self->title_grid, row++, _("_Currency (English)"),
                       narrow (kol_editor_field_text (self->doc, "$.currency", "en", _("Currency")), 12));
  kol_editor_form_add (self->title_grid, row++, _("Currency (R_ussian)"),
                       narrow (kol_editor_field_text (self->doc, "$.currency", "ru", _("Currency")), 12));
  kol_editor_form_add (self->title_grid, row++, _("_Tile colours in upgrade order"),
                       narrow (kol_editor_field_words (self->doc, "$.tile_colors", _("Tile colours")), 30));
}

/* ---- players and money ------------------------------------------------------------------------ */

static void
players_changed_cb (KolEditorGamePage *self)
{
  g_autoptr(GError) error = NULL;
  int min = gtk_spin_button_get_value_as_int (self->min_spin);
  int max = gtk_spin_button_get_value_as_int (self->max_spin);

  if (self->updating || self->doc == NULL)
    return;
  /* the other count follows rather than refusing */
  if (min > max && min != self->min_players)
    max = min;
  else if (min > max)
    min = max;
  if (!kol_title_document_set_players (self->doc, min, max, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static GtkSpinButton *
players_spin (KolEditorGamePage *self)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 8, 1);

  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (players_changed_cb), self);
  return GTK_SPIN_BUTTON (spin);
}

static void
build_money (KolEditorGamePage *self)
{
  self->min_spin = players_spin (self);
  self->max_spin = players_spin (self);
  kol_editor_form_add (self->money_grid, 0, _("_Fewest players"), GTK_WIDGET (self->min_spin));
  kol_editor_form_add (self->money_grid, 1, _("_Most players"), GTK_WIDGET (self->max_spin));
  kol_editor_form_add (self->money_grid, 2, _("_Bank"),
                       kol_editor_field_int_or (self->doc, "$.bank", 0, 99999990, 100, "unlimited",
                                                _("_Unlimited"), _("Bank")));
}

static GtkWidget *
caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

static void
build_counts (KolEditorGamePage *self)
{
  clear_grid (self->counts_grid);
  gtk_grid_attach (self->counts_grid, caption (_("Players")), 0, 0, 1, 1);
  gtk_grid_attach (self->counts_grid, caption (_("Starting cash")), 1, 0, 1, 1);
  gtk_grid_attach (self->counts_grid, caption (_("Certificate limit")), 2, 0, 1, 1);
  for (int n = self->min_players; n <= self->max_players; n++)
    {
      g_autofree char *key = g_strdup_printf ("%d", n);
      g_autofree char *cash = kol_json_path_key ("$.starting_cash", key);
      g_autofree char *limit = kol_json_path_key ("$.cert_limit", key);
      /* Translators: %d is a number of players. */
      g_autofree char *cash_name = g_strdup_printf (_("Starting cash with %d players"), n);
      /* Translators: %d is a number of players. */
      g_autofree char *limit_name = g_strdup_printf (_("Certificate limit with %d players"), n);
      GtkWidget *count = gtk_label_new (key);
      GtkWidget *cash_spin = kol_editor_field_int (self->doc, cash, 0, 999990, 10, _("Starting cash"));
      GtkWidget *limit_spin = kol_editor_field_int (self->doc, limit, 1, 99, 1, _("Certificate limit"));

      gtk_widget_add_css_class (count, "heading");
      gtk_accessible_update_property (GTK_ACCESSIBLE (cash_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, cash_name, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (limit_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, limit_name, -1);
      gtk_grid_attach (self->counts_grid, count, 0, n - self->min_players + 1, 1, 1);
      gtk_grid_attach (self->counts_grid, cash_spin, 1, n - self->min_players + 1, 1, 1);
      gtk_grid_attach (self->counts_grid, limit_spin, 2, n - self->min_players + 1, 1, 1);
    }
}

/* ---- following the document ------------------------------------------------------------------ */

static void
document_changed_cb (KolEditorGamePage *self,
                     KolTitleChange     what)
{
  const char *id;
  int min, max;

  if (!(what & KOL_TITLE_CHANGE_GAME) || self->doc == NULL)
    return;
  id = kol_title_document_get_id (self->doc);
  gtk_label_set_label (self->id_label, id != NULL ? id : "");
  min = (int) players_member (self->doc, "min", 2);
  max = (int) players_member (self->doc, "max", min);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->min_spin, min);
  gtk_spin_button_set_value (self->max_spin, max);
  self->updating = FALSE;
  if (min == self->min_players && max == self->max_players)
    return;
  self->min_players = min;
  self->max_players = max;
  build_counts (self);
}

/* ---- the object --------------------------------------------------------------------------------- */

static void
kol_editor_game_page_dispose (GObject *object)
{
  KolEditorGamePage *self = KOL_EDITOR_GAME_PAGE (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_GAME_PAGE);

  G_OBJECT_CLASS (kol_editor_game_page_parent_class)->dispose (object);
}

static void
kol_editor_game_page_class_init (KolEditorGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_game_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorGamePage, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolEditorGamePage, title_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorGamePage, money_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorGamePage, counts_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_game_page_init (KolEditorGamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_editor_game_page_set_document:
 * @self: the page
 * @doc: (nullable): the document to edit
 */
void
kol_editor_game_page_set_document (KolEditorGamePage *self,
                                   KolTitleDocument  *doc)
{
  g_return_if_fail (KOL_IS_EDITOR_GAME_PAGE (self));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, doc);
  clear_grid (self->title_grid);
  clear_grid (self->money_grid);
  clear_grid (self->counts_grid);
  self->min_players = self->max_players = 0;
  if (doc == NULL)
    return;
  build_title (self);
  build_money (self);
  g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  document_changed_cb (self, KOL_TITLE_CHANGE_ALL);
}

/** kol_editor_game_page_get_players: the spin buttons of the fewest and most players */
void
kol_editor_game_page_get_players (KolEditorGamePage  *self,
                                  GtkSpinButton     **min,
                                  GtkSpinButton     **max)
{
  g_return_if_fail (KOL_IS_EDITOR_GAME_PAGE (self));
  *min = self->min_spin;
  *max = self->max_spin;
}
