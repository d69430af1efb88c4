/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-board-query.h"
#include "kol-game-words.h"
#include "kol-map-controller-private.h"
#include "kol-svg-renderer.h"
#include "kol-tile-renderer.h"
#include "kol-view-util.h"

/* The tile chooser (a popover of the tiles a hex takes, with their copies
 * left and lay costs) and the city chooser of a hex with several cities. */

/* --------------------------------------------------------- the popover */

void
_kol_map_controller_close_chooser (KolMapController *self)
{
  if (self->popover == NULL)
    return;
  self->chooser_hex = -1;
  gtk_popover_popdown (GTK_POPOVER (self->popover));
}

/* The keyboard goes on on the map (R turns the tile, Return confirms). */
static void
tile_button_clicked_cb (GtkButton        *button,
                        KolMapController *self)
{
  if (kol_map_controller_choose_tile (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "kol-tile"))))
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static GtkWidget *
tile_preview (KolMapController *self,
              int               tile,
              int               rotation)
{
  KolSvgOptions opts;
  g_autofree char *svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  kol_svg_options_init (&opts);
  opts.hex_size = PREVIEW_SIZE / 2.0;
  opts.language = kol_game_word_language ();
  opts.flags |= KOL_SVG_NO_BACKGROUND;
  svg = kol_svg_render_tile (_kol_map_controller_title_of (self), tile, rotation, &opts);
  texture = svg != NULL ? kol_tile_renderer_rasterize (svg, PREVIEW_SIZE, PREVIEW_SIZE, NULL) : NULL;
  if (texture == NULL)
    return gtk_label_new (_kol_map_controller_tile_name (self, tile));
  return gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
}

/* Under a tile offered: the copies left in the supply and what the lay
 * costs, before it is chosen. */
static GtkWidget *
tile_facts_label (KolMapController *self,
                  int               tile,
                  const KolAction  *lay)
{
  int left = kol_board_query_tiles_left (kol_game_get_engine (self->game), tile);
  int cost = lay != NULL ? kol_game_action_cost (self->game, lay) : -1;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *label;

  if (left >= 0)
    /* Translators: copies of a tile still in the supply, under the tile
     * in the tile chooser. */
    g_string_append_printf (text, C_("tiles", "%d left"), left);
  if (cost > 0)
    {
      g_autofree char *money = kol_game_word_money (_kol_map_controller_title_of (self), cost);

      if (text->len > 0)
        /* Translators: joins the facts under a tile: "3 left · L.40". */
        g_string_append (text, C_("tiles", " · "));
      g_string_append (text, money);
    }
  label = gtk_label_new (text->str);
  gtk_widget_set_name (label, "tile-facts");
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_visible (label, text->len > 0);
  return label;
}

static GtkWidget *
tile_button (KolMapController *self,
             int               hex,
             int               tile,
             guint8            rotations)
{
  const KolAction *a = _kol_map_controller_find_lay (self, hex, tile, -1);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *picture;
  int rotation = 0;
  g_autofree char *label = NULL;

  while (rotation < 6 && !(rotations & (1u << rotation)))
    rotation++;
  picture = tile_preview (self, tile, rotation);
  gtk_widget_set_size_request (picture, PREVIEW_SIZE, PREVIEW_SIZE);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), gtk_label_new (_kol_map_controller_tile_name (self, tile)));
  gtk_box_append (GTK_BOX (box), tile_facts_label (self, tile, a));
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data (G_OBJECT (button), "kol-tile", GINT_TO_POINTER (tile));
  g_signal_connect (button, "clicked", G_CALLBACK (tile_button_clicked_cb), self);
  /* Translators: the accessible name of a button offering a tile. */
  label = g_strdup_printf (_("Tile %s"), _kol_map_controller_tile_name (self, tile));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (a != NULL)
    {
      g_autofree char *what = kol_game_describe_action (self->game, a);

      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, what, -1);
    }
  return button;
}

void
_kol_map_controller_popover_closed_cb (GtkPopover       *popover,
                   KolMapController *self)
{
  if (self->chooser_hex < 0)
    return;
  self->chooser_hex = -1;
  _kol_map_controller_update_state (self);
}

void
_kol_map_controller_open_chooser (KolMapController *self,
              int               hex,
              const int        *tiles,
              const guint8     *rotations,
              int               n)
{
  GtkWidget *box = gtk_grid_new ();
  GdkRectangle rect = { 0, 0, 1, 1 };
  double x, y;

  /* a grid of buttons, four a row: the arrow keys move between them as
   * they are laid out, Return or Space choose */
  gtk_grid_set_column_homogeneous (GTK_GRID (box), TRUE);
  gtk_grid_set_row_spacing (GTK_GRID (box), 4);
  gtk_grid_set_column_spacing (GTK_GRID (box), 4);
  for (int i = 0; i < n; i++)
    gtk_grid_attach (GTK_GRID (box), tile_button (self, hex, tiles[i], rotations[i]), i % 4, i / 4, 1, 1);
  if (kol_viewport_hex_to_widget (kol_map_view_get_viewport (self->view), hex, &x, &y))
    {
      rect.x = (int) x;
      rect.y = (int) y;
    }
  self->chooser_hex = hex;
  gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  if (gtk_widget_get_mapped (GTK_WIDGET (self->view)))
    {
      gtk_popover_popup (GTK_POPOVER (self->popover));
      /* the keyboard starts on the first tile */
      gtk_widget_grab_focus (gtk_grid_get_child_at (GTK_GRID (box), 0, 0));
    }
  _kol_map_controller_update_state (self);
}

/* ---------------------------------------------------- the city chooser */

static void
city_button_clicked_cb (GtkButton        *button,
                        KolMapController *self)
{
  int hex = self->chooser_hex;
  const KolAction *a = hex >= 0 ? _kol_map_controller_find_token (self, hex, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button),
                                                                                             "kol-city")))
                                : NULL;

  _kol_map_controller_close_chooser (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
  if (a != NULL)
    _kol_map_controller_play (self, a);
}

/* A hex with several cities where a station marker may go, activated by
 * the keyboard (a click says which city): the choice of the city, each
 * with what placing there does and costs. */
void
_kol_map_controller_open_city_chooser (KolMapController *self,
                   int               hex)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GdkRectangle rect = { 0, 0, 1, 1 };
  double x, y;

  for (guint i = 0; self->legal != NULL && i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);
      g_autofree char *label = NULL;
      GtkWidget *button;

      if (a->type != KOL_ACTION_PLACE_TOKEN || a->hex != hex)
        continue;
      label = kol_game_describe_action (self->game, a);
      button = gtk_button_new_with_label (label);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "kol-city", GINT_TO_POINTER (a->city));
      g_signal_connect (button, "clicked", G_CALLBACK (city_button_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  if (kol_viewport_hex_to_widget (kol_map_view_get_viewport (self->view), hex, &x, &y))
    {
      rect.x = (int) x;
      rect.y = (int) y;
    }
  self->chooser_hex = hex;
  gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  if (gtk_widget_get_mapped (GTK_WIDGET (self->view)))
    {
      gtk_popover_popup (GTK_POPOVER (self->popover));
      gtk_widget_grab_focus (gtk_widget_get_first_child (box));
    }
  _kol_map_controller_update_state (self);
}
