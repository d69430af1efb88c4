/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-panel-util.h"
#include "kol-state-dump.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * kol_panel_engine:
 * @game: a game
 *
 * The state @game shows (live or the point of the history being viewed),
 * for the engine's query functions, which take a non-const state but only
 * read it.
 *
 * Returns: (transfer none): the state, valid until the next action or seek
 */
KolEngine *
kol_panel_engine (KolGame *game)
{
  g_return_val_if_fail (KOL_IS_GAME (game), NULL);
  return (KolEngine *) kol_game_get_engine (game);
}

/**
 * kol_panel_money:
 * @game: a game
 * @amount: an amount
 *
 * Returns: (transfer full): @amount in the title's currency
 */
char *
kol_panel_money (KolGame *game,
                 int      amount)
{
  return kol_game_format_money (game, amount);
}

/**
 * kol_panel_owning_player:
 * @engine: a state
 * @owner: an owner
 *
 * Returns: the player at the top of @owner's chain of owners (a company
 *   owned by a company owned by a player), or -1
 */
int
kol_panel_owning_player (const KolEngine *engine,
                         KolEntity        owner)
{
  for (int depth = 0; depth < 4; depth++)
    {
      if (owner.kind == KOL_ENTITY_PLAYER)
        return owner.index >= 0 && owner.index < engine->n_players ? owner.index : -1;
      if (owner.kind != KOL_ENTITY_CORP || owner.index < 0 || owner.index >= engine->n_corps)
        return -1;
      owner = engine->corps[owner.index].owner;
    }
  return -1;
}

/* A player's certificates at the current prices, as 18xx.games values
 * them: price × percent / share percent, rounded up. */
static int
shares_value (KolEngine *engine,
              int        player)
{
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), -1, certs, KOL_MAX_CERTS);
  gint64 value = 0;

  for (int i = 0; i < n; i++)
    {
      const KolCert *c = &engine->certs[certs[i]];
      int price = kol_market_corp_price (engine, c->corp);
      int share = kol_engine_share_percent (engine, c->corp);

      if (!engine->corps[c->corp].ipoed || engine->corps[c->corp].closed || price <= 0 || share <= 0)
        continue;
      value += ((gint64) price * c->percent + share - 1) / share;
    }
  return (int) CLAMP (value, G_MININT, G_MAXINT);
}

/**
 * kol_panel_score_parts:
 * @engine: a state
 * @player: a player index
 * @parts: (out): the parts of the player's score
 *
 * The total is the title's own scoring (its rules module); cash, shares
 * and private companies are counted the usual way, and whatever the title
 * adds or takes off besides (1840 loans, 1849 emergency loans and bonds)
 * is the difference.
 */
void
kol_panel_score_parts (KolEngine     *engine,
                       int            player,
                       KolScoreParts *parts)
{
  gint16 companies[KOL_MAX_COMPANIES];
  int n;

  g_return_if_fail (engine != NULL && parts != NULL);
  g_return_if_fail (player >= 0 && player < engine->n_players);

  *parts = (KolScoreParts) { 0 };
  parts->cash = engine->players[player].cash;
  parts->shares = shares_value (engine, player);
  n = kol_engine_companies_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), companies, KOL_MAX_COMPANIES);
  for (int i = 0; i < n; i++)
    parts->privates += engine->companies[companies[i]].value;
  parts->total = kol_state_player_value (engine, player);
  parts->adjustments = parts->total - parts->cash - parts->shares - parts->privates;
}

/**
 * kol_panel_acting:
 * @engine: a state
 * @out: (out caller-allocates): the entities
 * @max: room in @out
 *
 * Returns: how many entities act now (none once the game is over)
 */
int
kol_panel_acting (KolEngine *engine,
                  KolEntity *out,
                  int        max)
{
  if (engine->finished)
    return 0;
  return kol_engine_active_entities (engine, out, max);
}

/**
 * kol_panel_is_acting:
 * @engine: a state
 * @entity: an entity
 *
 * Returns: %TRUE if @entity acts now
 */
gboolean
kol_panel_is_acting (KolEngine *engine,
                     KolEntity  entity)
{
  KolEntity acting[KOL_MAX_ROUND_ENTITIES];
  int n = kol_panel_acting (engine, acting, G_N_ELEMENTS (acting));

  for (int i = 0; i < n; i++)
    if (acting[i].kind == entity.kind && acting[i].index == entity.index)
      return TRUE;
  return FALSE;
}

static int
position_in (const KolEntity *list,
             int              n,
             int              corp)
{
  for (int i = 0; i < n; i++)
    if (list[i].kind == KOL_ENTITY_CORP && list[i].index == corp)
      return i + 1;
  return 0;
}

/**
 * kol_panel_operating_position:
 * @engine: a state
 * @corp: a corporation index
 *
 * During an operating round, the place of @corp in the round's order;
 * otherwise its place in the order the next one would take (by share
 * price).
 *
 * Returns: the 1-based position, or 0 when @corp does not operate
 */
int
kol_panel_operating_position (KolEngine *engine,
                              int        corp)
{
  KolEntity order[KOL_MAX_CORPS];
  int n, at;

  if (engine->round.klass != NULL && engine->round.klass->operating &&
      (at = position_in (engine->round.entities, engine->round.n_entities, corp)) > 0)
    return at;
  n = kol_operating_order (engine, order, G_N_ELEMENTS (order));
  return position_in (order, n, corp);
}

static GVariant *
train_extra (const KolTitle     *title,
             int                 def,
             const char         *key,
             const GVariantType *type)
{
  GVariant *extra;

  if (def < 0 || (guint) def >= title->n_trains)
    return NULL;
  extra = title->trains[def].extra;
  if (extra == NULL || !g_variant_is_of_type (extra, G_VARIANT_TYPE_VARDICT))
    return NULL;
  return g_variant_lookup_value (extra, key, type);
}

/**
 * kol_panel_train_color:
 * @title: a title
 * @def: a train kind
 *
 * Returns: (transfer full) (nullable): the colour the title gives the kind
 *   (1840's trams: "yellow", "orange"…), or %NULL
 */
char *
kol_panel_train_color (const KolTitle *title,
                       int             def)
{
  g_autoptr(GVariant) color = train_extra (title, def, "color", G_VARIANT_TYPE_STRING);

  return color != NULL ? g_variant_dup_string (color, NULL) : NULL;
}

/**
 * kol_panel_train_buyable:
 * @title: a title
 * @def: a train kind
 *
 * Returns: %FALSE for kinds nobody buys (1840's imaginary Stadtbahn trams)
 */
gboolean
kol_panel_train_buyable (const KolTitle *title,
                         int             def)
{
  g_autoptr(GVariant) buyable = train_extra (title, def, "buyable", G_VARIANT_TYPE_BOOLEAN);

  return buyable == NULL || g_variant_get_boolean (buyable);
}

/**
 * kol_panel_hex_name:
 * @title: a title
 * @hex: a hex index
 *
 * Returns: (transfer full): "Palermo (C5)", or "C5" for a hex without a name
 */
char *
kol_panel_hex_name (const KolTitle *title,
                    int             hex)
{
  const char *name;

  if (hex < 0 || (guint) hex >= title->n_hexes)
    return g_strdup ("?");
  name = kol_game_word_text (&title->hexes[hex].name);
  if (name == NULL || *name == '\0')
    return g_strdup (title->hexes[hex].id);
  /* Translators: a hex: its location name, then its coordinate. */
  return g_strdup_printf (C_("hex", "%s (%s)"), name, title->hexes[hex].id);
}

/* ------------------------------------------------------------------ chips */

typedef struct
{
  GdkRGBA fill;
  GdkRGBA ink;
  char   *label;
} Chip;

static void
chip_free (Chip *chip)
{
  g_free (chip->label);
  g_free (chip);
}

static void
draw_chip (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  Chip *chip = data;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", chip->label);
  double r = MIN (6.0, height / 2.0);
  int w, h;

  cairo_new_sub_path (cr);
  cairo_arc (cr, width - r - 0.5, r + 0.5, r, -G_PI / 2, 0);
  cairo_arc (cr, width - r - 0.5, height - r - 0.5, r, 0, G_PI / 2);
  cairo_arc (cr, r + 0.5, height - r - 0.5, r, G_PI / 2, G_PI);
  cairo_arc (cr, r + 0.5, r + 0.5, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, &chip->fill);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  gdk_cairo_set_source_rgba (cr, &chip->ink);
  cairo_move_to (cr, (width - w) / 2.0, (height - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
parse_color (GdkRGBA    *out,
             const char *spec,
             const char *fallback)
{
  if (spec == NULL || !gdk_rgba_parse (out, spec))
    gdk_rgba_parse (out, fallback);
}

/**
 * kol_panel_chip_set:
 * @chip: a chip made by kol_panel_chip_new()
 * @color: (nullable): its fill, "#rrggbb" or a colour name
 * @text_color: (nullable): its ink
 * @label: a short text (a company id)
 */
void
kol_panel_chip_set (GtkWidget  *chip,
                    const char *color,
                    const char *text_color,
                    const char *label)
{
  Chip *data = g_object_get_data (G_OBJECT (chip), "kol-chip");
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *markup = NULL;
  int w, h;

  g_return_if_fail (data != NULL);
  parse_color (&data->fill, color, "#9a9a9a");
  /* without a text colour: black or white, whichever reads on the fill */
  if (text_color == NULL || !gdk_rgba_parse (&data->ink, text_color))
    {
      double luma = 0.299 * data->fill.red + 0.587 * data->fill.green + 0.114 * data->fill.blue;

      gdk_rgba_parse (&data->ink, luma > 0.6 ? "#000000" : "#ffffff");
    }
  g_free (data->label);
  data->label = g_strdup (label != NULL ? label : "");
  markup = g_markup_printf_escaped ("<b>%s</b>", data->label);
  layout = gtk_widget_create_pango_layout (chip, NULL);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_widget_set_size_request (chip, MAX (w + 12, 28), h + 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  data->label, -1);
  gtk_widget_queue_draw (chip);
}

/**
 * kol_panel_chip_new:
 * @color: (nullable): its fill
 * @text_color: (nullable): its ink
 * @label: a short text
 *
 * A label on a rounded patch of a company's colour, like its token.
 *
 * Returns: (transfer floating): the chip
 */
GtkWidget *
kol_panel_chip_new (const char *color,
                    const char *text_color,
                    const char *label)
{
  GtkWidget *chip = g_object_new (GTK_TYPE_DRAWING_AREA,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                  "valign", GTK_ALIGN_CENTER,
                                  "halign", GTK_ALIGN_START,
                                  NULL);
  Chip *data = g_new0 (Chip, 1);

  g_object_set_data_full (G_OBJECT (chip), "kol-chip", data, (GDestroyNotify) chip_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (chip), draw_chip, data, NULL);
  kol_panel_chip_set (chip, color, text_color, label);
  return chip;
}

/**
 * kol_panel_clear_box:
 * @box: a #GtkBox, #GtkFlowBox or #GtkGrid
 *
 * Removes every child.
 */
void
kol_panel_clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_BOX (box))
        gtk_box_remove (GTK_BOX (box), child);
      else if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_GRID (box))
        gtk_grid_remove (GTK_GRID (box), child);
      else
        gtk_widget_unparent (child);
    }
}

/**
 * kol_panel_unparent_children:
 * @widget: a widget
 *
 * Unparents every child, for dispose().
 */
void
kol_panel_unparent_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
