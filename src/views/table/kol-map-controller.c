/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-board-query.h"
#include "kol-game-words.h"
#include "kol-map-controller.h"
#include "kol-route-editor.h"
#include "kol-svg-renderer.h"
#include "kol-tile-renderer.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/*
 * What the map means during an operating round. Everything offered comes
 * from the engine's concrete legal actions of the moment (the same list the
 * action panel reads), so the map can never propose what the rules refuse:
 * lay_tile candidates give the hexes, the tiles of a hex and their
 * rotations; place_token candidates the cities; the run_routes candidate is
 * the engine's own proven best run, which is drawn and confirmed as it is
 * unless the player redraws it by hand (kol-route-editor.c, where the
 * route validator judges every change).
 */

#include "kol-map-controller-private.h"


G_DEFINE_FINAL_TYPE (KolMapController, kol_map_controller, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_VIEW,
  PROP_GAME,
  PROP_GUIDANCE,
  PROP_PENDING,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (KolMapController *self);
static void highlight (KolMapController *self);

/* ------------------------------------------------------------ properties */

static void
set_string_prop (KolMapController *self,
                 char            **field,
                 char             *value,
                 int               prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_error (KolMapController *self,
           char             *message)
{
  set_string_prop (self, &self->error, message, PROP_ERROR);
}

static void
set_error_from (KolMapController *self,
                const GError     *error)
{
  set_error (self, g_strdup (error != NULL ? error->message : _("The rules do not allow this now.")));
}

static void
set_pending (KolMapController *self,
             gboolean          pending)
{
  if (self->pending == pending)
    return;
  self->pending = pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

const KolTitle *
_kol_map_controller_title_of (KolMapController *self)
{
  return self->game != NULL ? kol_game_get_title (self->game) : NULL;
}

static char *
hex_words (KolMapController *self,
           int               hex)
{
  return kol_game_word_hex (_kol_map_controller_title_of (self), hex);
}

const char *
_kol_map_controller_tile_name (KolMapController *self,
           int               tile)
{
  const char *id = kol_board_query_tile_id (_kol_map_controller_title_of (self), tile);

  return id != NULL ? id : "?";
}

/* ---------------------------------------------------------- legal choices */

static int
tile_of_action (KolMapController *self,
                const KolAction  *a)
{
  return kol_board_query_tile_of_copy (_kol_map_controller_title_of (self), a->tile_copy);
}

static gboolean
is_lay (KolMapController *self,
        const KolAction  *a)
{
  return a->type == KOL_ACTION_LAY_TILE && kol_entity_equal (a->entity, self->layer);
}

/* The legal lay of @tile on @hex at @rotation, or NULL. */
const KolAction *
_kol_map_controller_find_lay (KolMapController *self,
          int               hex,
          int               tile,
          int               rotation)
{
  for (guint i = 0; self->legal != NULL && i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);

      if (is_lay (self, a) && a->hex == hex && (tile < 0 || tile_of_action (self, a) == tile) &&
          (rotation < 0 || a->rotation == rotation))
        return a;
    }
  return NULL;
}

/* The legal tiles of @hex in the order the engine offers them, each with
 * its bitmask of legal rotations; returns how many. */
static int
hex_tiles (KolMapController *self,
           int               hex,
           int              *tiles,
           guint8           *rotations,
           int               max)
{
  int n = 0;

  for (guint i = 0; self->legal != NULL && i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);
      int tile, k;

      if (!is_lay (self, a) || a->hex != hex || (tile = tile_of_action (self, a)) < 0)
        continue;
      for (k = 0; k < n && tiles[k] != tile; k++)
        ;
      if (k == n)
        {
          if (n == max)
            continue;
          tiles[n] = tile;
          rotations[n++] = 0;
        }
      rotations[k] |= (guint8) (1u << (a->rotation % 6));
    }
  return n;
}

/* The city index of node @node on @hex's current tile, or -1. */
static int
node_city (KolMapController *self,
           int               hex,
           int               node)
{
  return kol_board_query_node_city (kol_game_get_engine (self->game), hex, node);
}

const KolAction *
_kol_map_controller_find_token (KolMapController *self,
            int               hex,
            int               city)
{
  for (guint i = 0; self->legal != NULL && i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);

      if (a->type == KOL_ACTION_PLACE_TOKEN && a->hex == hex && (city < 0 || a->city == city))
        return a;
    }
  return NULL;
}

static int
count_token_cities (KolMapController *self,
                    int               hex)
{
  int n = 0;

  for (guint i = 0; self->legal != NULL && i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);

      n += a->type == KOL_ACTION_PLACE_TOKEN && a->hex == hex;
    }
  return n;
}

/* ----------------------------------------------------------------- acting */

/* Plays @action; on refusal the translated reason becomes "error". */
gboolean
_kol_map_controller_play (KolMapController *self,
      const KolAction  *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolAction) copy = kol_action_copy (action);

  /* applying changes the state, and "state-changed" replaces self->legal
   * (where @action lives) */
  if (!kol_game_apply_action (self->game, copy, &error))
    {
      set_error_from (self, error);
      return FALSE;
    }
  set_error (self, NULL);
  return TRUE;
}

/* ------------------------------------------------------------- guidance */

static char *
routes_guidance (KolMapController *self)
{
  const char *trains = kol_game_word (_kol_map_controller_title_of (self), KOL_WORD_TRAINS);
  g_autofree char *money = NULL;

  if (self->run == NULL || self->run->routes == NULL || self->run->routes->len == 0)
    /* Translators: %s is the title's word for trains ("Trams" in 1840). */
    return g_strdup_printf (_("%s: no route earns anything. Confirm to go on."), trains);
  money = kol_game_format_money (self->game, self->run_revenue);
  /* Translators: the title's word for trains ("Trams" in 1840), then an
   * amount of money. */
  return g_strdup_printf (_("%s: the best routes earn %s. Confirm to run them."), trains, money);
}

static char *
editor_guidance (KolMapController *self)
{
  KolRouteEditor *ed = self->editor;
  int k = kol_route_editor_get_train (ed);
  const char *train;
  int revenue, total;
  g_autofree char *money = NULL;
  g_autofree char *all = NULL;

  if (k < 0)
    return routes_guidance (self);
  train = kol_route_editor_get_train_name (ed, k);
  revenue = kol_route_editor_get_revenue (ed, k);
  total = kol_route_editor_get_total (ed);
  if (kol_route_editor_get_n_stops (ed, k) == 0)
    /* Translators: %s is a train ("4H"). */
    return g_strdup_printf (_("%s: no route. Click stops to draw one; T picks another; Confirm runs them."), train);
  if (revenue < 0 || total < 0)
    /* Translators: %s is a train ("4H"). */
    return g_strdup_printf (_("%s: the route is not valid yet. Click stops to change it; T picks another."),
                            train);
  money = kol_game_format_money (self->game, revenue);
  all = kol_game_format_money (self->game, total);
  /* Translators: a train ("4H"), what its route earns, what all routes
   * earn. */
  return g_strdup_printf (_("%s: this route earns %s, all routes %s. Click stops to change it; T picks "
                            "another; Confirm runs them."), train, money, all);
}

/* What placing a station marker costs now: one amount, or the cheapest
 * and dearest of the cities offered; NULL when free. */
static char *
token_cost_text (KolMapController *self)
{
  int low = G_MAXINT, high = 0;

  for (guint i = 0; i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);
      int cost = a->type == KOL_ACTION_PLACE_TOKEN ? kol_game_action_cost (self->game, a) : -1;

      if (cost < 0)
        continue;
      low = MIN (low, cost);
      high = MAX (high, cost);
    }
  if (high == 0)
    return NULL;
  if (low == high)
    return kol_game_word_money (_kol_map_controller_title_of (self), high);
  {
    g_autofree char *from = kol_game_word_money (_kol_map_controller_title_of (self), low);
    g_autofree char *to = kol_game_word_money (_kol_map_controller_title_of (self), high);

    /* Translators: the range of what a station marker costs: "L.0–L.40". */
    return g_strdup_printf (C_("cost", "%1$s–%2$s"), from, to);
  }
}

/* The guidance with what the move costs: "… (costs L.40)". */
static char *
with_cost (const char *text,
           char       *cost)
{
  g_autofree char *owned = cost;

  if (cost == NULL)
    return g_strdup (text);
  /* Translators: a hint of the map and what the move costs:
   * "Click a highlighted city to place a station marker (costs L.40)". */
  return g_strdup_printf (C_("cost", "%1$s (costs %2$s)"), text, cost);
}

/* What the tile shown costs to lay, NULL when free. */
static char *
lay_cost_text (KolMapController *self)
{
  const KolAction *a = _kol_map_controller_find_lay (self, self->tent_hex, self->tent_tile, self->tent_rotation);
  int cost = a != NULL ? kol_game_action_cost (self->game, a) : 0;

  return cost > 0 ? kol_game_word_money (_kol_map_controller_title_of (self), cost) : NULL;
}

static char *
make_guidance (KolMapController *self)
{
  if (self->tent_hex >= 0)
    {
      g_autofree char *text = NULL;

      if (__builtin_popcount (self->tent_rotations) > 1)
        /* Translators: %s is a tile number. */
        text = g_strdup_printf (_("Tile %s: rotate with R or Shift+R, confirm with Enter, cancel with "
                                  "Escape"), _kol_map_controller_tile_name (self, self->tent_tile));
      else
        /* Translators: %s is a tile number. */
        text = g_strdup_printf (_("Tile %s: confirm with Enter, cancel with Escape"),
                                _kol_map_controller_tile_name (self, self->tent_tile));
      return with_cost (text, lay_cost_text (self));
    }
  if (self->chooser_hex >= 0)
    return g_strdup (_("Choose one of the tiles offered"));
  /* each rulebook words these its own way (1840 has stations, not cities) */
  if ((self->mode & MODE_LAY) && (self->mode & MODE_TOKEN))
    return with_cost (kol_game_word_id (_kol_map_controller_title_of (self), "map_lay_or_token",
                                        _("Click a highlighted hex to lay a tile, or a highlighted city to "
                                          "place a station marker")), token_cost_text (self));
  if (self->mode & MODE_LAY)
    return g_strdup (kol_game_word_id (_kol_map_controller_title_of (self), "map_lay_tile",
                                       _("Click a highlighted hex to lay a tile")));
  if (self->mode & MODE_TOKEN)
    return with_cost (kol_game_word_id (_kol_map_controller_title_of (self), "map_place_token",
                                        _("Click a highlighted city to place a station marker")),
                      token_cost_text (self));
  if ((self->mode & MODE_ROUTES) && self->edited)
    return editor_guidance (self);
  if (self->mode & MODE_ROUTES)
    return routes_guidance (self);
  return NULL;
}

/* Enables the actions, sets "pending" and "guidance" after any change. */
void
_kol_map_controller_update_state (KolMapController *self)
{
  gboolean tentative = self->tent_hex >= 0;
  gboolean routes = (self->mode & MODE_ROUTES) != 0;
  gboolean turn = tentative && __builtin_popcount (self->tent_rotations) > 1;
  struct { const char *name; gboolean enabled; } states[] = {
    { "confirm", tentative || routes },
    { "cancel", tentative || self->chooser_hex >= 0 },
    { "rotate-cw", turn },
    { "rotate-ccw", turn },
    { "auto-route", routes },
    { "next-train", routes },
  };

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions),
                                                                              states[i].name)),
                                 states[i].enabled);
  set_pending (self, tentative || routes);
  set_string_prop (self, &self->guidance, make_guidance (self), PROP_GUIDANCE);
}

/* ------------------------------------------------------------- the tile */

static void
clear_tentative (KolMapController *self)
{
  gboolean had = self->tent_hex >= 0;

  self->tent_hex = -1;
  self->tent_rotations = 0;
  kol_map_view_set_tentative_tile (self->view, -1, -1, 0);
  if (had && self->legal != NULL)
    highlight (self);
}

static void
show_tentative (KolMapController *self,
                int               hex,
                int               tile,
                guint8            rotations)
{
  self->tent_hex = hex;
  self->tent_tile = tile;
  self->tent_rotations = rotations;
  self->tent_rotation = 0;
  while (self->tent_rotation < 6 && !(rotations & (1u << self->tent_rotation)))
    self->tent_rotation++;
  kol_map_view_set_tentative_tile (self->view, hex, tile, self->tent_rotation);
  highlight (self);
  set_error (self, NULL);
  _kol_map_controller_update_state (self);
}

static void
rotate (KolMapController *self,
        int               step)
{
  if (self->tent_hex < 0)
    return;
  for (int i = 1; i <= 6; i++)
    {
      int r = ((self->tent_rotation + step * i) % 6 + 6) % 6;

      if (self->tent_rotations & (1u << r))
        {
          self->tent_rotation = r;
          break;
        }
    }
  kol_map_view_set_tentative_tile (self->view, self->tent_hex, self->tent_tile, self->tent_rotation);
}

/* Plays the routes drawn by hand, or says which one is not valid. */
static void
confirm_drawn (KolMapController *self)
{
  KolRouteEditor *ed = self->editor;
  g_autoptr(KolAction) drawn = kol_route_editor_to_action (ed);
  int k = kol_route_editor_get_train (ed);

  if (drawn != NULL)
    {
      _kol_map_controller_play (self, drawn);
      return;
    }
  for (int i = kol_route_editor_get_n_trains (ed) - 1; i >= 0; i--)
    if (kol_route_editor_get_problem (ed, i) != NULL)
      k = i;
  /* Translators: a train ("4H"), then why its route is refused. */
  set_error (self, g_strdup_printf (_("The route of %s: %s"), kol_route_editor_get_train_name (ed, k),
                                    kol_route_editor_get_problem (ed, k)));
}

static void
confirm (KolMapController *self)
{
  const KolAction *a;

  if (self->tent_hex >= 0)
    {
      a = _kol_map_controller_find_lay (self, self->tent_hex, self->tent_tile, self->tent_rotation);
      if (a == NULL)
        {
          set_error (self, g_strdup (_("This tile cannot be laid this way now.")));
          return;
        }
      _kol_map_controller_play (self, a);
      return;
    }
  if (self->edited)
    {
      confirm_drawn (self);
      return;
    }
  if (self->run != NULL)
    _kol_map_controller_play (self, self->run);
}

/* ------------------------------------------------------------ routes */

static void next_train (KolMapController *self);

static gboolean
next_train_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  KolMapController *self = user_data;

  if (self->editor == NULL)
    return FALSE;
  next_train (self);
  return TRUE;
}

/* Distinct colours of the trains' routes, in train order. */
static const char * const train_colors[] = {
  "#e01b24", "#1c71d8", "#26a269", "#e66100", "#9141ac", "#865e3c", "#c64600", "#3d3846",
};

static char *
route_label (KolMapController *self,
             int               k)
{
  KolRouteEditor *ed = self->editor;
  const char *train = kol_route_editor_get_train_name (ed, k);
  int revenue = kol_route_editor_get_revenue (ed, k);
  gboolean marked = (self->edited || kol_route_editor_get_n_trains (ed) > 1) &&
                    k == kol_route_editor_get_train (ed);
  g_autofree char *money = revenue >= 0 ? kol_game_format_money (self->game, revenue) : g_strdup ("?");

  if (marked)
    /* Translators: the route being drawn by hand: a train ("4H") and
     * what its route earns. */
    return g_strdup_printf (C_("route", "▸ %s: %s"), train, money);
  /* Translators: a train ("4H") and what its route earns. */
  return g_strdup_printf (C_("route", "%s: %s"), train, money);
}

/* The last run of every company, faded under the routes being drawn and
 * in the company's colour, until the company runs again; not the last run
 * of the company running now, whose new routes replace it. */
static void
draw_last_runs (KolMapController *self)
{
  g_autoptr(GPtrArray) runs = kol_game_get_last_runs (self->game);
  GListModel *companies = kol_game_get_companies (self->game);
  int running = self->run != NULL ? self->run->entity.index : -1;

  for (guint i = 0; i < runs->len; i++)
    {
      const KolGameRun *run = g_ptr_array_index (runs, i);
      g_autoptr(KolGameCompany) company = g_list_model_get_item (companies, (guint) run->corp);
      GdkRGBA color = { 0.3, 0.3, 0.3, 1 };

      if (run->corp == running)
        continue;
      /* a tram line runs in its company's colour (1840's lines are white) */
      if (company != NULL && kol_game_company_get_parent (company) >= 0)
        {
          KolGameCompany *parent = g_list_model_get_item (companies, (guint) kol_game_company_get_parent (company));

          g_object_unref (company);
          company = parent;
        }
      if (company != NULL && kol_game_company_get_color (company) != NULL)
        gdk_rgba_parse (&color, kol_game_company_get_color (company));
      for (int k = 0; k < run->n_routes; k++)
        kol_map_view_add_last_run (self->view, &run->routes[k], &color, k == 0 ? run->label : NULL);
    }
}

/* The routes per train in distinct colours, resolved by the validator
 * (the editor starts from the engine's best run). */
static void
draw_routes (KolMapController *self)
{
  kol_map_view_clear_routes (self->view);
  draw_last_runs (self);
  if (self->editor == NULL)
    self->editor = kol_route_editor_new (kol_game_get_engine (self->game), self->run);
  for (int k = 0; k < kol_route_editor_get_n_trains (self->editor); k++)
    {
      const KolRoute *route = kol_route_editor_get_route (self->editor, k);
      g_autofree char *label = NULL;
      GdkRGBA color;

      if (route->n_nodes == 0)
        continue;
      label = route_label (self, k);
      gdk_rgba_parse (&color, train_colors[k % G_N_ELEMENTS (train_colors)]);
      kol_map_view_add_route (self->view, route, &color, label);
    }
}

static void
best_routes (KolMapController *self)
{
  self->run_revenue = 0;
  for (guint i = 0; self->run->routes != NULL && i < self->run->routes->len; i++)
    self->run_revenue += ((KolRouteSpec *) g_ptr_array_index (self->run->routes, i))->revenue;
  g_clear_pointer (&self->editor, kol_route_editor_free);
  self->edited = FALSE;
  draw_routes (self);
}

/* What is wrong with the route of the train drawn now, or nothing: an
 * error goes as soon as the route is valid again. */
static void
show_train_problem (KolMapController *self)
{
  int k = kol_route_editor_get_train (self->editor);
  const char *problem = kol_route_editor_get_problem (self->editor, k);

  set_error (self, problem != NULL ? g_strdup (problem) : NULL);
}

/* A click on a stop in the run: drawing by hand starts or goes on. */
static void
edit_route (KolMapController *self,
            int               hex,
            int               node)
{
  if (self->editor == NULL || !kol_route_editor_toggle_stop (self->editor, hex, node))
    return;
  self->edited = TRUE;
  show_train_problem (self);
  draw_routes (self);
  _kol_map_controller_update_state (self);
}

/* The keyboard activates hexes: the hex's one stop. */
static void
edit_route_at_hex (KolMapController *self,
                   int               hex)
{
  int stop = -1;
  int n = kol_board_query_hex_stops (kol_game_get_engine (self->game), hex, &stop);

  if (n == 1)
    edit_route (self, hex, stop);
  else if (n > 1)
    set_error (self, g_strdup (_("Click the exact stop on this hex.")));
}

/* ------------------------------------------------------- view signals */

static void
lay_on_hex (KolMapController *self,
            int               hex)
{
  int tiles[64];
  guint8 rotations[64];
  int n = hex_tiles (self, hex, tiles, rotations, G_N_ELEMENTS (tiles));

  if (n == 0)
    {
      g_autofree char *where = hex_words (self, hex);

      /* Translators: %s is a hex, "E8 (Palermo)". */
      set_error (self, g_strdup_printf (_("No tile can be laid on %s now."), where));
      return;
    }
  clear_tentative (self);
  set_error (self, NULL);
  if (n == 1)
    show_tentative (self, hex, tiles[0], rotations[0]);
  else
    _kol_map_controller_open_chooser (self, hex, tiles, rotations, n);
}

static void
hex_activated_cb (KolMapView       *view,
                  int               hex,
                  KolMapController *self)
{
  int node_hex = self->node_hex;

  self->node_hex = -1;
  if (self->game == NULL || hex < 0 || node_hex == hex)
    return;
  if (self->tent_hex == hex)
    confirm (self);
  else if ((self->mode & MODE_ROUTES) && self->editor != NULL)
    edit_route_at_hex (self, hex);
  else if ((self->mode & MODE_LAY) && _kol_map_controller_find_lay (self, hex, -1, -1) != NULL)
    lay_on_hex (self, hex);
  /* the keyboard activates hexes: a hex with one legal city is enough */
  else if ((self->mode & MODE_TOKEN) && count_token_cities (self, hex) == 1)
    _kol_map_controller_play (self, _kol_map_controller_find_token (self, hex, -1));
  else if ((self->mode & MODE_TOKEN) && count_token_cities (self, hex) > 1)
    _kol_map_controller_open_city_chooser (self, hex);
  else if (self->mode & MODE_LAY)
    lay_on_hex (self, hex);  /* says why not */
  else if (self->mode & MODE_TOKEN)
    {
      g_autofree char *where = hex_words (self, hex);

      /* Translators: %s is a hex, "E8 (Palermo)". */
      set_error (self, g_strdup_printf (_("No station marker can be placed on %s now."), where));
    }
}

/* A token on a city that is not offered: the engine says why not. */
static void
refuse_token (KolMapController *self,
              int               hex,
              int               city)
{
  const KolAction *any = NULL;
  g_autoptr(KolAction) a = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; any == NULL && i < self->legal->len; i++)
    if (((KolAction *) g_ptr_array_index (self->legal, i))->type == KOL_ACTION_PLACE_TOKEN)
      any = g_ptr_array_index (self->legal, i);
  if (any == NULL)
    return;
  a = kol_action_copy (any);
  a->hex = (gint16) hex;
  a->city = (gint8) city;
  if (kol_game_check_action (self->game, a, &error))
    {
      g_autofree char *where = hex_words (self, hex);

      set_error (self, g_strdup_printf (_("No station marker can be placed on %s now."), where));
    }
  else
    set_error_from (self, error);
}

static void
node_activated_cb (KolMapView       *view,
                   int               hex,
                   int               node,
                   KolMapController *self)
{
  const KolAction *a;
  int city;

  if (self->game != NULL && (self->mode & MODE_ROUTES) && self->editor != NULL)
    {
      self->node_hex = hex;
      edit_route (self, hex, node);
      return;
    }
  if (self->game == NULL || !(self->mode & MODE_TOKEN) || self->tent_hex == hex)
    return;
  city = node_city (self, hex, node);
  a = city >= 0 ? _kol_map_controller_find_token (self, hex, city) : NULL;
  /* a click beside the cities of a hex where track may go lays track */
  if (city < 0 || (a == NULL && (self->mode & MODE_LAY) && _kol_map_controller_find_lay (self, hex, -1, -1) != NULL))
    return;
  /* the same click's hex-activated follows: it is handled here */
  self->node_hex = hex;
  if (a != NULL)
    _kol_map_controller_play (self, a);
  else
    refuse_token (self, hex, city);
}

static void
rotate_requested_cb (KolMapView       *view,
                     int               step,
                     KolMapController *self)
{
  rotate (self, step);
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  KolMapController *self = user_data;

  if (self->tent_hex < 0)
    return FALSE;
  clear_tentative (self);
  _kol_map_controller_update_state (self);
  return TRUE;
}

/* S on the map: a station marker on the selected hex, where Return would
 * lay a tile (both may be offered on one hex). */
static gboolean
station_cb (GtkWidget *widget,
            GVariant  *args,
            gpointer   user_data)
{
  KolMapController *self = user_data;
  int hex = kol_map_view_get_selected_hex (self->view);
  int n;

  if (self->game == NULL || hex < 0 || !(self->mode & MODE_TOKEN))
    return FALSE;
  n = count_token_cities (self, hex);
  if (n == 1)
    _kol_map_controller_play (self, _kol_map_controller_find_token (self, hex, -1));
  else if (n > 1)
    _kol_map_controller_open_city_chooser (self, hex);
  else
    {
      g_autofree char *where = hex_words (self, hex);

      set_error (self, g_strdup_printf (_("No station marker can be placed on %s now."), where));
    }
  return TRUE;
}

/* ----------------------------------------------------------- refreshing */

static void
highlight (KolMapController *self)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (gint16));
  g_autoptr(GArray) cities = g_array_new (FALSE, FALSE, sizeof (KolMapCity));
  guint8 seen[KOL_MAX_HEXES] = { 0 };

  for (guint i = 0; i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);

      /* the tentative tile shows untinted */
      if (is_lay (self, a) && a->hex >= 0 && a->hex < KOL_MAX_HEXES && !seen[a->hex] && a->hex != self->tent_hex)
        {
          seen[a->hex] = 1;
          g_array_append_val (hexes, a->hex);
        }
      else if (a->type == KOL_ACTION_PLACE_TOKEN && a->hex >= 0)
        {
          KolMapCity c = { a->hex, a->city };

          g_array_append_val (cities, c);
        }
    }
  kol_map_view_set_hex_highlights (self->view, KOL_MAP_HIGHLIGHT_LAY, (const gint16 *) (gpointer) hexes->data,
                                   (int) hexes->len);
  kol_map_view_set_city_highlights (self->view, (const KolMapCity *) (gpointer) cities->data, (int) cities->len);
}

/* Picks what the map decides now: whose lays (a corporation's before a
 * private company's special lay), tokens, the run. */
static void
read_legal (KolMapController *self)
{
  gboolean have_layer = FALSE;

  self->mode = 0;
  self->run = NULL;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (self->legal, i);

      if (a->type == KOL_ACTION_LAY_TILE &&
          (!have_layer || (self->layer.kind != KOL_ENTITY_CORP && a->entity.kind == KOL_ENTITY_CORP)))
        {
          self->layer = a->entity;
          have_layer = TRUE;
          self->mode |= MODE_LAY;
        }
      else if (a->type == KOL_ACTION_PLACE_TOKEN)
        self->mode |= MODE_TOKEN;
      else if (a->type == KOL_ACTION_RUN_ROUTES && self->run == NULL)
        {
          self->run = a;
          self->mode |= MODE_ROUTES;
        }
    }
}

static void
refresh (KolMapController *self)
{
  _kol_map_controller_close_chooser (self);
  clear_tentative (self);
  kol_map_view_clear_highlights (self->view);
  kol_map_view_clear_routes (self->view);
  g_clear_pointer (&self->editor, kol_route_editor_free);
  self->edited = FALSE;
  g_clear_pointer (&self->legal, g_ptr_array_unref);
  self->mode = 0;
  self->run = NULL;
  if (self->game != NULL)
    {
      kol_map_view_set_board (self->view, kol_game_get_engine (self->game));
      self->legal = kol_game_legal_actions (self->game);
      read_legal (self);
      highlight (self);
      if (self->run != NULL)
        best_routes (self);
      else
        draw_last_runs (self);
    }
  _kol_map_controller_update_state (self);
}

/* What the choice under the pointer concerns on the map. */
static void
pointed_hexes_cb (KolGame          *game,
                  KolMapController *self)
{
  int n;
  const gint16 *hexes = kol_game_get_pointed_hexes (game, &n);

  kol_map_view_set_pointed_hexes (self->view, hexes, n);
}

static void
state_changed_cb (KolGame          *game,
                  KolMapController *self)
{
  refresh (self);
}

/* -------------------------------------------------------------- actions */

static void
confirm_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  confirm (user_data);
}

static void
cancel_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  KolMapController *self = user_data;

  _kol_map_controller_close_chooser (self);
  clear_tentative (self);
  set_error (self, NULL);
  _kol_map_controller_update_state (self);
}

static void
rotate_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  rotate (user_data, g_str_equal (g_action_get_name (G_ACTION (action)), "rotate-cw") ? 1 : -1);
}

static void
auto_route_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  KolMapController *self = user_data;

  if (self->run != NULL)
    best_routes (self);
  set_error (self, NULL);
  _kol_map_controller_update_state (self);
}

static void
next_train (KolMapController *self)
{
  if (self->editor == NULL)
    return;
  kol_route_editor_next_train (self->editor);
  if (self->edited)
    show_train_problem (self);
  draw_routes (self);
  _kol_map_controller_update_state (self);
}

static void
next_train_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  next_train (user_data);
}

static const GActionEntry action_entries[] = {
  { "confirm", confirm_activated },
  { "cancel", cancel_activated },
  { "rotate-cw", rotate_activated },
  { "rotate-ccw", rotate_activated },
  { "auto-route", auto_route_activated },
  { "next-train", next_train_activated },
};

/* --------------------------------------------------------------- object */

static void
set_view (KolMapController *self,
          KolMapView       *view)
{
  GtkShortcut *shortcut;

  self->view = g_object_ref (view);
  g_signal_connect_object (view, "hex-activated", G_CALLBACK (hex_activated_cb), self, 0);
  g_signal_connect_object (view, "node-activated", G_CALLBACK (node_activated_cb), self, 0);
  g_signal_connect_object (view, "rotate-requested", G_CALLBACK (rotate_requested_cb), self, 0);

  self->keys = gtk_shortcut_controller_new ();
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                               gtk_callback_action_new (escape_cb, self, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (self->keys), shortcut);
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_s, 0),
                               gtk_callback_action_new (station_cb, self, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (self->keys), shortcut);
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_t, 0),
                               gtk_callback_action_new (next_train_cb, self, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (self->keys), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (view), g_object_ref (self->keys));

  self->popover = gtk_popover_new ();
  gtk_widget_set_parent (self->popover, GTK_WIDGET (view));
  g_signal_connect_object (self->popover, "closed", G_CALLBACK (_kol_map_controller_popover_closed_cb), self, 0);
}

static void
kol_map_controller_dispose (GObject *object)
{
  KolMapController *self = KOL_MAP_CONTROLLER (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->view != NULL)
    {
      kol_map_view_clear_highlights (self->view);
      kol_map_view_clear_routes (self->view);
      kol_map_view_set_tentative_tile (self->view, -1, -1, 0);
      gtk_widget_remove_controller (GTK_WIDGET (self->view), self->keys);
      g_clear_pointer (&self->popover, gtk_widget_unparent);
    }
  g_clear_object (&self->keys);
  g_clear_object (&self->view);
  /* the page may keep the group a while: its actions must not reach us */
  for (guint i = 0; i < G_N_ELEMENTS (action_entries); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions),
                                                                              action_entries[i].name)),
                                 FALSE);
  self->run = NULL;
  g_clear_pointer (&self->editor, kol_route_editor_free);
  g_clear_pointer (&self->legal, g_ptr_array_unref);
  G_OBJECT_CLASS (kol_map_controller_parent_class)->dispose (object);
}

static void
kol_map_controller_finalize (GObject *object)
{
  KolMapController *self = KOL_MAP_CONTROLLER (object);

  g_free (self->guidance);
  g_free (self->error);
  g_clear_object (&self->actions);
  G_OBJECT_CLASS (kol_map_controller_parent_class)->finalize (object);
}

static void
kol_map_controller_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KolMapController *self = KOL_MAP_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_GUIDANCE:
      g_value_set_string (value, self->guidance);
      break;
    case PROP_PENDING:
      g_value_set_boolean (value, self->pending);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_map_controller_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  KolMapController *self = KOL_MAP_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      set_view (self, g_value_get_object (value));
      break;
    case PROP_GAME:
      kol_map_controller_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_map_controller_class_init (KolMapControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kol_map_controller_dispose;
  object_class->finalize = kol_map_controller_finalize;
  object_class->get_property = kol_map_controller_get_property;
  object_class->set_property = kol_map_controller_set_property;

  properties[PROP_VIEW] =
    g_param_spec_object ("view", NULL, NULL, KOL_TYPE_MAP_VIEW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GUIDANCE] =
    g_param_spec_string ("guidance", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PENDING] =
    g_param_spec_boolean ("pending", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_map_controller_init (KolMapController *self)
{
  self->tent_hex = -1;
  self->chooser_hex = -1;
  self->node_hex = -1;
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), action_entries, G_N_ELEMENTS (action_entries),
                                   self);
}

/**
 * kol_map_controller_new:
 * @view: the map of the table
 *
 * Returns: (transfer full): a controller for @view, without a game
 */
KolMapController *
kol_map_controller_new (KolMapView *view)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (view), NULL);
  return g_object_new (KOL_TYPE_MAP_CONTROLLER, "view", view, NULL);
}

/**
 * kol_map_controller_set_game:
 * @game: (nullable): the game played on the map
 *
 * Shows @game's board on the view and its map decisions from now on.
 */
void
kol_map_controller_set_game (KolMapController *self,
                             KolGame          *game)
{
  g_return_if_fail (KOL_IS_MAP_CONTROLLER (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  /* the view's board points into the old game's title, which may go with
   * the game: it is cleared while the title is still there */
  if (game == NULL)
    kol_map_view_set_board (self->view, NULL);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "state-changed", G_CALLBACK (state_changed_cb), self);
      g_signal_connect (game, "pointed-hexes-changed", G_CALLBACK (pointed_hexes_cb), self);
    }
  set_error (self, NULL);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_map_controller_get_game (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), NULL);
  return self->game;
}

/**
 * kol_map_controller_get_action_group:
 *
 * Returns: (transfer none): the actions, for the prefix "_kol_map_controller_play"
 */
GActionGroup *
kol_map_controller_get_action_group (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

const char *
kol_map_controller_get_guidance (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), NULL);
  return self->guidance;
}

gboolean
kol_map_controller_get_pending (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), FALSE);
  return self->pending;
}

const char *
kol_map_controller_get_error (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), NULL);
  return self->error;
}

/**
 * kol_map_controller_choose_tile:
 * @tile: a tile def index
 *
 * Chooses @tile among the tiles offered for the hex of the open popover:
 * it becomes the tentative tile at its first legal rotation.
 *
 * Returns: %FALSE (with "error" set) when @tile is not offered
 */
gboolean
kol_map_controller_choose_tile (KolMapController *self,
                                int               tile)
{
  int tiles[64];
  guint8 rotations[64];
  int hex, n;

  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), FALSE);

  hex = self->chooser_hex;
  if (hex < 0)
    return FALSE;
  n = hex_tiles (self, hex, tiles, rotations, G_N_ELEMENTS (tiles));
  for (int i = 0; i < n; i++)
    if (tiles[i] == tile)
      {
        _kol_map_controller_close_chooser (self);
        show_tentative (self, hex, tile, rotations[i]);
        return TRUE;
      }
  set_error (self, g_strdup (_("This tile cannot be laid here now.")));
  return FALSE;
}

GtkWidget *
kol_map_controller_get_tile_chooser (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), NULL);
  return self->chooser_hex >= 0 ? self->popover : NULL;
}

int
kol_map_controller_get_route_revenue (KolMapController *self)
{
  g_return_val_if_fail (KOL_IS_MAP_CONTROLLER (self), -1);
  if (self->run == NULL)
    return -1;
  return self->edited ? kol_route_editor_get_total (self->editor) : self->run_revenue;
}
