/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-json-format.h"
#include "kol-title-info.h"
#include "kol-maker-private.h"

/*
 * An 18xx-maker game definition into the three files of a Koleya title.
 *
 * What 18xx-maker only draws (positions, fonts, themes, logos, the round
 * tracker) has no place in Koleya and is dropped silently; what means
 * something but has no Koleya counterpart (share labels, per-player bank,
 * "a/b" limits, arrows on the market…) is dropped and reported. Texts get
 * the one language 18xx-maker has in both of Koleya's. Hexes keep their
 * coordinates (a flat map's letters are its columns, a pointy map's its
 * rows, as Koleya's axes can say) and are sorted by them; tiles given only
 * by their number come from the catalogue: the manifests of installed
 * titles. The companies are read in kol-maker-import-companies.c.
 */

static const char * const upgrade_order[] = { "yellow", "green", "brown", "gray" };

/* ---- info, money and players ------------------------------------------------------- */

static char *
currency_format (KolMakerImport *im,
                 const char     *currency)
{
  g_autoptr(GString) format = g_string_new (NULL);
  gboolean placed = FALSE;

  if (currency == NULL)
    currency = "$#";
  for (const char *p = currency; *p != '\0'; p++)
    {
      if (*p == '#' && !placed)
        {
          g_string_append (format, "%d");
          placed = TRUE;
        }
      else if (*p == '%')
        g_string_append (format, "%%");
      else
        g_string_append_c (format, *p);
    }
  if (!placed)
    {
      _kol_maker_report (im->report, _("The currency “%s” has no “#” for the amount; it goes before it"), currency);
      g_string_prepend (format, "%d ");
    }
  return g_string_free (g_steal_pointer (&format), FALSE);
}

static void
import_info (KolMakerImport *im,
             JsonObject     *game,
             const char     *id)
{
  JsonObject *info = _kol_maker_object (im->maker, "info");
  const char *title = _kol_maker_string (info, "title"), *subtitle = _kol_maker_string (info, "subtitle");
  g_autofree char *name = subtitle != NULL ? g_strdup_printf ("%s %s", title, subtitle) : g_strdup (title);
  g_autofree char *currency = currency_format (im, _kol_maker_string (info, "currency"));

  json_object_set_string_member (game, "schema", "koleya/game/1");
  json_object_set_string_member (game, "id", id);
  json_object_set_int_member (game, "data_version", 1);
  json_object_set_string_member (game, "rules_module", "standard");
  json_object_set_string_member (game, "name", name);
  _kol_maker_set_string (game, "designer", _kol_maker_string (info, "designer"));
  json_object_set_member (game, "currency", _kol_maker_text (currency));
  if (_kol_maker_string (info, "publisher") != NULL || _kol_maker_object (im->maker, "links") != NULL)
    _kol_maker_report (im->report, _("The publisher and the links are not kept"));
}

/* A number, or the first number of "16/14". */
static gint64
lenient_int (KolMakerImport *im,
             JsonNode       *node,
             const char     *what)
{
  gint64 value = 0;
  gboolean exact = TRUE;

  if (node != NULL && !_kol_maker_int (node, &value, &exact))
    _kol_maker_report (im->report, _("%s is not a number"), what);
  else if (!exact)
    _kol_maker_report (im->report, _("%s “%s” is read as %d"), what, json_node_get_string (node), (int) value);
  return value;
}

static JsonNode *
player_value (JsonObject *player,
              JsonObject *root,
              const char *member)
{
  JsonNode *node = player != NULL ? json_object_get_member (player, member) : NULL;

  return node != NULL ? node : json_object_get_member (root, member);
}

static void
import_bank (KolMakerImport *im,
             JsonObject     *game)
{
  JsonNode *bank = json_object_get_member (im->maker, "bank");

  if (bank != NULL && JSON_NODE_HOLDS_VALUE (bank) && json_node_get_value_type (bank) == G_TYPE_STRING &&
      g_str_equal (json_node_get_string (bank), "∞"))
    json_object_set_string_member (game, "bank", "unlimited");
  else if (bank != NULL)
    json_object_set_int_member (game, "bank", lenient_int (im, bank, _("The bank")));
  else
    {
      _kol_maker_report (im->report, _("No bank is given: it is unlimited"));
      json_object_set_string_member (game, "bank", "unlimited");
    }
}

static void
import_players (KolMakerImport *im,
                JsonObject     *game)
{
  JsonArray *players = _kol_maker_array (im->maker, "players");
  JsonObject *range = json_object_new (), *cash = json_object_new (), *limits = json_object_new ();
  gint64 min = G_MAXINT, max = 0;

  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    {
      JsonObject *player = json_array_get_object_element (players, i);
      gint64 n = 0;
      g_autofree char *key = NULL;

      if (player == NULL || !_kol_maker_int (json_object_get_member (player, "number"), &n, NULL) || n < 1)
        continue;
      key = g_strdup_printf ("%d", (int) n);
      min = MIN (min, n);
      max = MAX (max, n);
      json_object_set_int_member (cash, key, lenient_int (im, player_value (player, im->maker, "capital"),
                                                          _("A starting capital")));
      json_object_set_int_member (limits, key, lenient_int (im, player_value (player, im->maker, "certLimit"),
                                                            _("A certificate limit")));
      if (json_object_has_member (player, "bank"))
        _kol_maker_report (im->report, _("A bank size by player count is not kept: the bank is the same for all"));
    }
  if (max == 0)
    {
      _kol_maker_report (im->report, _("No player counts are given: the title is for 4 players"));
      min = max = 4;
      json_object_set_int_member (cash, "4", lenient_int (im, json_object_get_member (im->maker, "capital"),
                                                          _("A starting capital")));
      json_object_set_int_member (limits, "4", lenient_int (im, json_object_get_member (im->maker, "certLimit"),
                                                            _("A certificate limit")));
    }
  if (json_object_get_size (cash) != (guint) (max - min + 1))
    _kol_maker_report (im->report, _("The player counts have gaps; Koleya needs every count from the fewest to the "
                                     "most"));
  json_object_set_int_member (range, "min", min);
  json_object_set_int_member (range, "max", max);
  json_object_set_object_member (game, "players", range);
  import_bank (im, game);
  json_object_set_object_member (game, "starting_cash", cash);
  json_object_set_object_member (game, "cert_limit", limits);
}

/* ---- the market -------------------------------------------------------------------- */

typedef struct
{
  JsonArray  *rows;
  JsonArray  *legend;
  GArray     *zone_cells;   /* per legend entry: a JsonArray* of [row, col] */
  const char *closing;      /* the label of a cell that closes, if any */
} Market;

static char *
cell_text (KolMakerImport *im,
           Market         *m,
           JsonNode       *cell,
           guint           row,
           guint           col)
{
  JsonObject *object;
  g_autoptr(GString) text = g_string_new (NULL);
  gint64 value = 0, legend;
  const char *label;

  if (cell == NULL || JSON_NODE_HOLDS_NULL (cell))
    return g_strdup ("");
  if (JSON_NODE_HOLDS_VALUE (cell))
    return g_strdup_printf ("%d", (int) lenient_int (im, cell, _("A market price")));
  if (!JSON_NODE_HOLDS_OBJECT (cell))
    return g_strdup ("");
  object = json_node_get_object (cell);
  label = _kol_maker_string (object, "label");
  if (!_kol_maker_int (json_object_get_member (object, "value"), &value, NULL))
    {
      if (label == NULL)
        return g_strdup ("");
      _kol_maker_report (im->report, _("A market cell with only a label (“%s”) is read as a price of 0 that closes "
                                       "the company"), label);
      if (m->closing == NULL)
        m->closing = label;
      return g_strdup ("0c");
    }
  g_string_printf (text, "%d", (int) value);
  if (json_object_get_boolean_member_with_default (object, "par", FALSE))
    g_string_append_c (text, 'p');
  if (_kol_maker_int (json_object_get_member (object, "legend"), &legend, NULL) && m->legend != NULL &&
      legend >= 0 && (guint) legend < json_array_get_length (m->legend))
    {
      JsonObject *entry = json_array_get_object_element (m->legend, (guint) legend);
      const char *flag = _kol_maker_string (entry, "flag");
      JsonArray *at = json_array_new ();

      if (flag != NULL && strlen (flag) == 1 && strchr ("ecuxz", flag[0]) != NULL)
        g_string_append (text, flag);
      json_array_add_int_element (at, row);
      json_array_add_int_element (at, col);
      json_array_add_array_element (g_array_index (m->zone_cells, JsonArray *, legend), at);
    }
  if (json_object_has_member (object, "arrow") || json_object_has_member (object, "color"))
    _kol_maker_report (im->report, _("The market's arrows and cell colours outside the legend are not kept"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static JsonArray *
market_row (KolMakerImport *im,
            Market         *m,
            JsonArray      *cells,
            guint           row)
{
  JsonArray *out = json_array_new ();

  for (guint c = 0; c < json_array_get_length (cells); c++)
    {
      g_autofree char *text = cell_text (im, m, json_array_get_element (cells, c), row, c);

      json_array_add_string_element (out, text);
    }
  return out;
}

/* Each legend entry is a zone: the cells that name it, or its flag. */
static JsonArray *
market_zones (Market *m)
{
  JsonArray *zones = json_array_new ();

  for (guint i = 0; m->legend != NULL && i < json_array_get_length (m->legend); i++)
    {
      JsonObject *entry = json_array_get_object_element (m->legend, i), *zone = json_object_new ();
      JsonArray *cells = g_array_index (m->zone_cells, JsonArray *, i);
      const char *flag = _kol_maker_string (entry, "flag");
      const char *description = _kol_maker_string (entry, "description");

      if (flag != NULL)
        json_object_set_string_member (zone, "flag", flag);
      else
        json_object_set_array_member (zone, "cells", json_array_ref (cells));
      json_object_set_string_member (zone, "color", _kol_maker_string (entry, "color") != NULL
                                                    ? _kol_maker_string (entry, "color") : "white");
      if (description != NULL)
        json_object_set_member (zone, "label", _kol_maker_text (description));
      json_array_add_object_element (zones, zone);
    }
  return zones;
}

/* Cells that close a company but have no legend entry saying so get a
 * zone of their own, named by their label. */
static void
closing_zone (Market    *m,
              JsonArray *zones)
{
  JsonObject *zone;

  for (guint i = 0; i < json_array_get_length (zones); i++)
    if (g_strcmp0 (_kol_maker_string (json_array_get_object_element (zones, i), "flag"), "c") == 0)
      return;
  zone = json_object_new ();
  json_object_set_string_member (zone, "flag", "c");
  json_object_set_string_member (zone, "color", "purple");
  json_object_set_member (zone, "label", _kol_maker_text (m->closing));
  json_array_add_object_element (zones, zone);
}

static JsonArray *
market_par (KolMakerImport *im,
            JsonObject     *stock,
            JsonArray      *rows)
{
  JsonObject *par = _kol_maker_object (stock, "par");
  JsonArray *values = _kol_maker_array (par, "values"), *out = json_array_new ();

  for (guint i = 0; values != NULL && i < json_array_get_length (values); i++)
    {
      JsonNode *value = json_array_get_element (values, i);

      if (JSON_NODE_HOLDS_ARRAY (value))
        for (guint k = 0; k < json_array_get_length (json_node_get_array (value)); k++)
          json_array_add_int_element (out, lenient_int (im, json_array_get_element (json_node_get_array (value), k),
                                                        _("A par value")));
      else
        json_array_add_int_element (out, lenient_int (im, value, _("A par value")));
    }
  if (values == NULL)
    for (guint r = 0; r < json_array_get_length (rows); r++)
      for (guint c = 0; c < json_array_get_length (json_array_get_array_element (rows, r)); c++)
        {
          const char *cell = json_array_get_string_element (json_array_get_array_element (rows, r), c);

          if (strchr (cell, 'p') != NULL)
            json_array_add_int_element (out, atoi (cell));
        }
  return out;
}

static void
import_market (KolMakerImport *im,
               JsonObject     *game)
{
  JsonObject *stock = _kol_maker_object (im->maker, "stock"), *market = json_object_new ();
  JsonArray *cells = _kol_maker_array (stock, "market"), *rows = json_array_new ();
  const char *type = _kol_maker_string (stock, "type");
  gboolean linear = type != NULL && g_str_has_prefix (type, "1D");
  Market m = { rows, _kol_maker_array (stock, "legend"), g_array_new (FALSE, FALSE, sizeof (JsonArray *)) };

  for (guint i = 0; m.legend != NULL && i < json_array_get_length (m.legend); i++)
    {
      JsonArray *none = json_array_new ();

      g_array_append_val (m.zone_cells, none);
    }
  if (g_strcmp0 (type, "1Diag") == 0)
    _kol_maker_report (im->report, _("The zig-zag market is read as one row"));
  if (linear && cells != NULL)
    json_array_add_array_element (rows, market_row (im, &m, cells, 0));
  for (guint r = 0; !linear && cells != NULL && r < json_array_get_length (cells); r++)
    if (JSON_NODE_HOLDS_ARRAY (json_array_get_element (cells, r)))
      json_array_add_array_element (rows, market_row (im, &m, json_array_get_array_element (cells, r), r));
  if (json_array_get_length (rows) == 0)
    {
      _kol_maker_report (im->report, _("There is no stock market"));
      json_array_add_array_element (rows, json_array_new ());
      json_array_add_string_element (json_array_get_array_element (rows, 0), "100p");
    }
  if (_kol_maker_object (stock, "movement") != NULL || _kol_maker_array (stock, "ledges") != NULL ||
      _kol_maker_array (stock, "limits") != NULL)
    _kol_maker_report (im->report, _("The market's movement captions, ledges and limits are not kept"));
  json_object_set_string_member (market, "kind", linear ? "1d" : "2d");
  json_object_set_array_member (market, "rows", rows);
  json_object_set_array_member (market, "par", market_par (im, stock, rows));
  if ((m.legend != NULL && json_array_get_length (m.legend) > 0) || m.closing != NULL)
    {
      JsonArray *zones = market_zones (&m);

      if (m.closing != NULL)
        closing_zone (&m, zones);
      json_object_set_array_member (market, "zones", zones);
    }
  json_object_set_object_member (game, "market", market);
  for (guint i = 0; i < m.zone_cells->len; i++)
    json_array_unref (g_array_index (m.zone_cells, JsonArray *, i));
  g_array_unref (m.zone_cells);
}

/* ---- trains and phases ------------------------------------------------------------------ */

/* A train named elsewhere: by name, or {"on": name, "index": n}. */
static const char *
train_ref (KolMakerImport *im,
           JsonObject     *object,
           const char     *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  if (JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) > 0)
    {
      _kol_maker_report (im->report, _("Only the first of several trains in “%s” is kept"), member);
      return json_array_get_string_element (json_node_get_array (node), 0);
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      _kol_maker_report (im->report, _("“%s” by the n-th train of a kind is read as by its first"), member);
      return _kol_maker_string (json_node_get_object (node), "on");
    }
  return NULL;
}

static JsonNode *
train_distance (KolMakerImport *im,
                const char     *name)
{
  const char *digits = name;

  while (*digits != '\0' && !g_ascii_isdigit (*digits))
    digits++;
  if (*digits == '\0')
    {
      _kol_maker_report (im->report, _("The train “%s” has no distance in its name: it runs any distance"), name);
      return json_node_init_string (json_node_alloc (), "unlimited");
    }
  if (digits != name || strspn (digits, "0123456789") != strlen (digits))
    _kol_maker_report (im->report, _("The train “%s” is read as a %d-train: the rest of its name is not a rule "
                                     "Koleya reads"), name, atoi (digits));
  return json_node_init_int (json_node_alloc (), atoi (digits));
}

static JsonNode *
train_count (KolMakerImport *im,
             JsonObject     *train)
{
  JsonNode *quantity = json_object_get_member (train, "quantity");

  if (quantity != NULL && JSON_NODE_HOLDS_VALUE (quantity) && json_node_get_value_type (quantity) == G_TYPE_STRING &&
      g_str_equal (json_node_get_string (quantity), "∞"))
    return json_node_init_string (json_node_alloc (), "unlimited");
  return json_node_init_int (json_node_alloc (), lenient_int (im, quantity, _("A train count")));
}

static void
report_train_keys (KolMakerImport *im,
                   JsonObject     *train)
{
  static const char * const lost[] = { "phased", "discount", "print", "players", "variant", "image", "description" };

  for (guint i = 0; i < G_N_ELEMENTS (lost); i++)
    if (json_object_has_member (train, lost[i]))
      _kol_maker_report (im->report, _("A train's “%s” is not kept"), lost[i]);
}

static JsonArray *
import_trains (KolMakerImport *im)
{
  JsonArray *trains = _kol_maker_array (im->maker, "trains"), *out = json_array_new ();

  for (guint i = 0; trains != NULL && i < json_array_get_length (trains); i++)
    {
      JsonObject *train = json_array_get_object_element (trains, i), *t = json_object_new ();
      const char *name = _kol_maker_string (train, "name");

      if (name == NULL)
        {
          json_object_unref (t);
          continue;
        }
      json_object_set_string_member (t, "id", name);
      json_object_set_string_member (t, "name", name);
      json_object_set_member (t, "distance", train_distance (im, name));
      json_object_set_int_member (t, "price", lenient_int (im, json_object_get_member (train, "price"), _("A price")));
      json_object_set_member (t, "count", train_count (im, train));
      _kol_maker_set_string (t, "rusts_on", train_ref (im, train, "rust"));
      _kol_maker_set_string (t, "obsolete_on", train_ref (im, train, "obsolete"));
      _kol_maker_set_string (t, "available_on", train_ref (im, train, "available"));
      if (_kol_maker_string (train, "color") != NULL)
        {
          JsonObject *extra = json_object_new ();

          json_object_set_string_member (extra, "color", _kol_maker_string (train, "color"));
          json_object_set_object_member (t, "extra", extra);
        }
      report_train_keys (im, train);
      json_array_add_object_element (out, t);
    }
  return out;
}

static int
color_rank (const char *color)
{
  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (upgrade_order); i++)
    if (g_str_equal (color, upgrade_order[i]) || (i == 3 && g_str_equal (color, "grey")))
      return (int) i;
  return -1;
}

static void
import_phase_limits (KolMakerImport *im,
                     JsonObject     *phase,
                     JsonObject     *p)
{
  JsonNode *limit = json_object_get_member (phase, "limit");
  gint64 rounds = 1;

  if (limit != NULL && !(JSON_NODE_HOLDS_VALUE (limit) && json_node_get_value_type (limit) == G_TYPE_STRING &&
                         g_str_equal (json_node_get_string (limit), "∞")))
    json_object_set_int_member (p, "train_limit", lenient_int (im, limit, _("A train limit")));
  _kol_maker_int (json_object_get_member (phase, "rounds"), &rounds, NULL);
  json_object_set_int_member (p, "operating_rounds", rounds);
}

static void
import_phase_events (KolMakerImport *im,
                     JsonObject     *phase,
                     JsonObject     *p)
{
  JsonObject *events = _kol_maker_object (phase, "events");
  JsonArray *status = json_array_new (), *list = json_array_new ();
  g_autoptr(GList) names = events != NULL ? json_object_get_members (events) : NULL;

  if (json_object_get_boolean_member_with_default (phase, "buy_companies", FALSE))
    json_array_add_string_element (status, "can_buy_companies");
  for (GList *l = names; l != NULL; l = l->next)
    json_array_add_string_element (list, l->data);
  if (json_array_get_length (status) > 0)
    json_object_set_array_member (p, "status", json_array_ref (status));
  if (json_array_get_length (list) > 0)
    json_object_set_array_member (p, "events", json_array_ref (list));
  json_array_unref (status);
  json_array_unref (list);
  if (json_object_has_member (phase, "notes") || json_object_has_member (phase, "minor") ||
      json_object_has_member (phase, "company"))
    _kol_maker_report (im->report, _("A phase's notes and its minor or company rules are not kept"));
}

static JsonArray *
import_phases (KolMakerImport *im)
{
  JsonArray *phases = _kol_maker_array (im->maker, "phases"), *out = json_array_new ();
  int top = 0;

  for (guint i = 0; phases != NULL && i < json_array_get_length (phases); i++)
    {
      int rank = color_rank (_kol_maker_string (json_array_get_object_element (phases, i), "tiles"));

      top = MAX (top, rank);
    }
  for (int c = 0; c <= top; c++)
    im->colors[im->n_colors++] = upgrade_order[c];
  for (guint i = 0; phases != NULL && i < json_array_get_length (phases); i++)
    {
      JsonObject *phase = json_array_get_object_element (phases, i), *p = json_object_new ();
      const char *train = train_ref (im, phase, "train"), *on = train_ref (im, phase, "on");
      const char *name = _kol_maker_string (phase, "name");
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      JsonArray *tiles = json_array_new ();
      int listed = color_rank (_kol_maker_string (phase, "tiles"));
      int rank = MAX (listed, 0);

      json_object_set_string_member (p, "name", name != NULL ? name : train != NULL ? train : number);
      if (i > 0 && (on != NULL || train != NULL))
        json_object_set_string_member (p, "on", on != NULL ? on : train);
      for (int c = 0; c <= rank; c++)
        json_array_add_string_element (tiles, upgrade_order[c]);
      json_object_set_array_member (p, "tiles", tiles);
      import_phase_limits (im, phase, p);
      import_phase_events (im, phase, p);
      json_array_add_object_element (out, p);
    }
  if (json_array_get_length (out) == 0)
    {
      _kol_maker_report (im->report, _("There are no phases"));
      im->colors[im->n_colors++] = upgrade_order[0];
    }
  return out;
}

/* available: a train; Koleya: the phase that train starts. */
static void
resolve_available (JsonArray *trains,
                   JsonArray *phases)
{
  for (guint i = 0; i < json_array_get_length (trains); i++)
    {
      JsonObject *train = json_array_get_object_element (trains, i);
      const char *by = _kol_maker_string (train, "available_on");
      const char *phase = NULL;

      if (by == NULL)
        continue;
      for (guint p = 0; p < json_array_get_length (phases); p++)
        if (g_strcmp0 (_kol_maker_string (json_array_get_object_element (phases, p), "on"), by) == 0)
          phase = _kol_maker_string (json_array_get_object_element (phases, p), "name");
      if (phase != NULL)
        json_object_set_string_member (train, "available_on", phase);
      else
        json_object_remove_member (train, "available_on");
    }
}

/* ---- privates ---------------------------------------------------------------------------------- */

static char *
slug (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (out, g_ascii_tolower (*p));
    else if (out->len > 0 && out->str[out->len - 1] != '_')
      g_string_append_c (out, '_');
  while (out->len > 0 && out->str[out->len - 1] == '_')
    g_string_truncate (out, out->len - 1);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static JsonArray *
import_abilities (KolMakerImport *im,
                  JsonArray      *abilities)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (abilities); i++)
    {
      JsonNode *copy = json_node_copy (json_array_get_element (abilities, i));
      JsonObject *ability = JSON_NODE_HOLDS_OBJECT (copy) ? json_node_get_object (copy) : NULL;
      const char *type = _kol_maker_string (ability, "type");

      if (type == NULL)
        {
          json_node_unref (copy);
          continue;
        }
      if (g_str_equal (type, "blocks_hexes"))
        json_object_set_string_member (ability, "type", "blocks_hex");
      else if (!g_str_equal (type, "blocks_hex"))
        _kol_maker_report (im->report, _("The ability “%s” is kept as it is: the generic rules do not play it"), type);
      json_array_add_element (out, copy);
    }
  return out;
}

static JsonObject *
import_private (KolMakerImport *im,
                JsonObject     *private)
{
  JsonObject *p = json_object_new ();
  const char *sym = _kol_maker_string (private, "sym"), *id = _kol_maker_string (private, "id");
  const char *name = _kol_maker_string (private, "name"), *description = _kol_maker_string (private, "description");
  JsonArray *abilities = _kol_maker_array (private, "abilities");
  g_autofree char *made = slug (name);
  JsonNode *revenue = json_object_get_member (private, "revenue");

  json_object_set_string_member (p, "id", sym != NULL ? sym : id != NULL ? id : made);
  json_object_set_string_member (p, "name", name);
  if (sym != NULL && id != NULL)
    json_object_set_string_member (p, "short", id);
  json_object_set_int_member (p, "value", lenient_int (im, json_object_get_member (private, "price"), _("A price")));
  if (revenue != NULL && JSON_NODE_HOLDS_ARRAY (revenue))
    {
      _kol_maker_report (im->report, _("A private's revenue that changes is read as its first value"));
      revenue = json_array_get_length (json_node_get_array (revenue)) > 0
                ? json_array_get_element (json_node_get_array (revenue), 0) : NULL;
    }
  json_object_set_int_member (p, "revenue", lenient_int (im, revenue, _("A revenue")));
  if (description != NULL)
    json_object_set_member (p, "description", _kol_maker_text (description));
  if (abilities != NULL)
    json_object_set_array_member (p, "abilities", import_abilities (im, abilities));
  if (json_object_has_member (private, "bid") || json_object_has_member (private, "minPlayers") ||
      json_object_has_member (private, "maxPlayers") || json_object_has_member (private, "company") ||
      json_object_has_member (private, "note"))
    _kol_maker_report (im->report, _("A private's bid, player counts, exchange company and note are not kept"));
  return p;
}

static JsonArray *
import_privates (KolMakerImport *im)
{
  JsonArray *privates = _kol_maker_array (im->maker, "privates"), *out = json_array_new ();

  for (guint i = 0; privates != NULL && i < json_array_get_length (privates); i++)
    {
      JsonObject *private = json_array_get_object_element (privates, i);

      if (private != NULL && _kol_maker_string (private, "name") != NULL)
        json_array_add_object_element (out, import_private (im, private));
    }
  return out;
}

/* ---- tiles --------------------------------------------------------------------------------------- */

static const char *
tile_color (KolMakerImport *im,
            const char     *color)
{
  static const struct { const char *maker, *koleya; } colors[] = {
    { "yellow", "yellow" }, { "green", "green" }, { "brown", "brown" }, { "gray", "gray" }, { "grey", "gray" },
    { "plain", "white" }, { "offboard", "red" }, { "red", "red" }, { "water", "blue" }, { "blue", "blue" },
    { "purple", "purple" }, { "white", "white" },
  };

  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (colors); i++)
    if (g_str_equal (color, colors[i].maker))
      return colors[i].koleya;
  if (color != NULL)
    _kol_maker_report (im->report, _("The colour “%s” is read as plain"), color);
  return "white";
}

/* A catalogue tile as 18xx-maker would draw it and Koleya read it back:
 * the same numbering of nodes and order of paths as any other tile. */
static void
catalogue_tile (KolMakerImport *im,
                JsonObject     *source,
                const char     *where,
                JsonObject     *tile)
{
  g_autoptr(GHashTable) gauges = g_hash_table_new (g_str_hash, g_str_equal);
  KolMakerGeometry geometry = { im->pointy, NULL, where, gauges };
  g_autoptr(JsonObject) drawing = json_object_new ();

  /* the usual ids of the usual gauges (1849's) */
  g_hash_table_insert (gauges, (char *) "narrow", (char *) "narrow");
  g_hash_table_insert (gauges, (char *) "dual", (char *) "dual");

  _kol_maker_tile_export (&geometry, source, 0, drawing);
  geometry.report = im->report;
  _kol_maker_tile_import (&geometry, drawing, tile, NULL);
  im->narrow |= geometry.narrow;
  im->dual |= geometry.dual;
}

static JsonNode *
tile_count (KolMakerImport *im,
            JsonNode       *node,
            JsonObject     *object)
{
  JsonNode *quantity = object != NULL ? json_object_get_member (object, "quantity") : node;

  if (quantity == NULL)
    return json_node_init_int (json_node_alloc (), 1);
  if (JSON_NODE_HOLDS_VALUE (quantity) && json_node_get_value_type (quantity) == G_TYPE_STRING &&
      g_str_equal (json_node_get_string (quantity), "∞"))
    return json_node_init_string (json_node_alloc (), "unlimited");
  return json_node_init_int (json_node_alloc (), lenient_int (im, quantity, _("A tile count")));
}

static JsonObject *
library_tile (KolMakerImport *im,
              const char     *id)
{
  g_autofree char *base = g_strndup (id, strcspn (id, "|"));
  JsonObject *found = g_hash_table_lookup (im->catalogue, id);

  return found != NULL ? found : g_hash_table_lookup (im->catalogue, base);
}

static JsonObject *
import_tile (KolMakerImport *im,
             const char     *id,
             JsonNode       *entry)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (entry) ? json_node_get_object (entry) : NULL;
  const char *color = _kol_maker_string (object, "color"), *alias = _kol_maker_string (object, "tile");
  g_autofree char *where = g_strdup_printf (_("tile %s"), id);
  JsonObject *tile = json_object_new (), *body = json_object_new (), *source = NULL;
  KolMakerGeometry geometry = { im->pointy, im->report, where };
  g_autoptr(GList) members = NULL;

  if (color == NULL && (source = library_tile (im, alias != NULL ? alias : id)) == NULL)
    {
      _kol_maker_report (im->report, _("Tile %s is not drawn in the file and no installed title has it: it is left "
                                       "out"), id);
      json_object_unref (tile);
      json_object_unref (body);
      return NULL;
    }
  json_object_set_string_member (tile, "id", id);
  json_object_set_string_member (tile, "color", color != NULL ? tile_color (im, color)
                                                              : _kol_maker_string (source, "color"));
  json_object_set_member (tile, "count", tile_count (im, entry, object));
  if (source != NULL)
    catalogue_tile (im, source, where, body);
  else
    {
      _kol_maker_tile_import (&geometry, object, body, NULL);
      im->narrow |= geometry.narrow;
      im->dual |= geometry.dual;
    }
  members = json_object_get_members (body);
  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (tile, l->data, json_node_copy (json_object_get_member (body, l->data)));
  json_object_unref (body);
  return tile;
}

static void
import_upgrades (KolMakerImport *im,
                 JsonArray      *tiles)
{
  JsonObject *upgrades = _kol_maker_object (im->maker, "upgrades");

  for (guint i = 0; upgrades != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      JsonArray *to = _kol_maker_array (upgrades, _kol_maker_string (tile, "id"));

      if (to != NULL)
        json_object_set_array_member (tile, "upgrades_to", json_array_ref (to));
    }
}

static JsonNode *
import_tiles (KolMakerImport *im)
{
  JsonObject *tiles = _kol_maker_object (im->maker, "tiles"), *root = json_object_new ();
  JsonArray *out = json_array_new ();
  g_autoptr(GList) ids = tiles != NULL ? json_object_get_members (tiles) : NULL;

  for (GList *l = ids; l != NULL; l = l->next)
    {
      JsonObject *tile = import_tile (im, l->data, json_object_get_member (tiles, l->data));

      if (tile != NULL)
        json_array_add_object_element (out, tile);
    }
  import_upgrades (im, out);
  json_object_set_string_member (root, "schema", "koleya/tiles/1");
  json_object_set_array_member (root, "tiles", out);
  return _kol_maker_object_node (root);
}

/* ---- the map --------------------------------------------------------------------------------------- */

static JsonArray *
import_terrain (KolMakerImport *im,
                JsonArray      *terrain)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (terrain); i++)
    {
      JsonObject *entry = json_array_get_object_element (terrain, i), *t;
      const char *type = _kol_maker_string (entry, "type"), *size = _kol_maker_string (entry, "size");
      gint64 cost = 0;

      if (!_kol_maker_int (json_object_get_member (entry, "cost"), &cost, NULL))
        continue;
      if (type == NULL || *type == '\0')
        type = "mountain";
      if (g_str_equal (type, "mountain"))
        type = g_strcmp0 (size, "small") == 0 || g_strcmp0 (size, "tiny") == 0 ? "rough"
               : g_strcmp0 (size, "medium") == 0 ? "hills" : "mountains";
      else if (g_str_equal (type, "river"))
        type = "water";
      t = json_object_new ();
      json_object_set_string_member (t, "type", type);
      json_object_set_int_member (t, "cost", cost);
      json_array_add_object_element (out, t);
    }
  return out;
}

static JsonArray *
import_borders (KolMakerImport *im,
                JsonArray      *borders)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (borders); i++)
    {
      JsonObject *border = json_array_get_object_element (borders, i), *b = json_object_new ();
      double side = 1;

      _kol_maker_number (border, "side", &side);
      json_object_set_int_member (b, "edge", _kol_maker_edge (im->pointy, (int) side));
      if (g_strcmp0 (_kol_maker_string (border, "color"), "impassable") == 0)
        json_object_set_string_member (b, "type", "impassable");
      json_array_add_object_element (out, b);
    }
  return out;
}

static JsonArray *
import_icons (JsonArray *icons)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (icons); i++)
    {
      const char *type = _kol_maker_string (json_array_get_object_element (icons, i), "type");
      JsonObject *icon;

      if (type == NULL)
        continue;
      icon = json_object_new ();
      json_object_set_string_member (icon, "id", type);
      json_array_add_object_element (out, icon);
    }
  return out;
}

static void
note_homes (KolMakerImport *im,
            const char     *coord,
            GArray         *reservations,
            gboolean        shared)
{
  for (guint i = 0; i < reservations->len; i++)
    {
      KolMakerReservation *r = &g_array_index (reservations, KolMakerReservation, i);

      if (shared)
        _kol_maker_report (im->report, _("The home of %s is on a hex drawn on several coordinates: %s is taken"),
                           r->company, coord);
      if (!g_hash_table_contains (im->homes, r->company))
        g_hash_table_insert (im->homes, g_strdup (r->company), g_strdup_printf ("%s\n%d", coord, r->city));
    }
}

static void
clear_reservation (KolMakerReservation *r)
{
  g_free (r->company);
}

static void
add_hex_parts (KolMakerImport *im,
               JsonObject     *def,
               JsonObject     *hex)
{
  JsonArray *terrain = _kol_maker_array (def, "terrain"), *borders = _kol_maker_array (def, "borders");
  JsonArray *icons = _kol_maker_array (def, "icons");
  double rotation = 0;

  if (terrain != NULL && json_array_get_length (terrain) > 0)
    json_object_set_array_member (hex, "terrain", import_terrain (im, terrain));
  if (borders != NULL && json_array_get_length (borders) > 0)
    json_object_set_array_member (hex, "borders", import_borders (im, borders));
  if (icons != NULL && json_array_get_length (icons) > 0)
    json_object_set_array_member (hex, "icons", import_icons (icons));
  if (_kol_maker_number (def, "rotation", &rotation) && ((int) rotation / 60) % 6 != 0)
    json_object_set_int_member (hex, "rotation", (((int) rotation / 60) % 6 + 6) % 6);
}

/* One hex of a definition drawn on @coord. */
static JsonObject *
import_hex (KolMakerImport *im,
            JsonObject     *def,
            const char     *coord,
            gboolean        shared)
{
  JsonObject *hex = json_object_new (), *tile = json_object_new ();
  JsonArray *names = _kol_maker_array (def, "names");
  const char *name = names != NULL && json_array_get_length (names) > 0
                     ? _kol_maker_string (json_array_get_object_element (names, 0), "name") : NULL;
  g_autofree char *where = g_strdup_printf (_("hex %s"), coord);
  KolMakerGeometry geometry = { im->pointy, im->report, where };
  g_autoptr(GArray) reservations = g_array_new (FALSE, FALSE, sizeof (KolMakerReservation));

  g_array_set_clear_func (reservations, (GDestroyNotify) clear_reservation);
  json_object_set_string_member (hex, "id", coord);
  json_object_set_string_member (hex, "color", tile_color (im, _kol_maker_string (def, "color")));
  _kol_maker_set_string (hex, "name", name);
  if (_kol_maker_tile_import (&geometry, def, tile, reservations))
    json_object_set_object_member (hex, "tile", json_object_ref (tile));
  json_object_unref (tile);
  im->narrow |= geometry.narrow;
  im->dual |= geometry.dual;
  add_hex_parts (im, def, hex);
  note_homes (im, coord, reservations, shared);
  return hex;
}

/* Coordinates in reading order: by letters, then by number. */
static int
compare_coords (gconstpointer a,
                gconstpointer b)
{
  const char *ca = _kol_maker_string (json_node_get_object (*(JsonNode **) a), "id");
  const char *cb = _kol_maker_string (json_node_get_object (*(JsonNode **) b), "id");
  size_t la = strspn (ca, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  size_t lb = strspn (cb, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

  if (la != lb)
    return la < lb ? -1 : 1;
  if (strncmp (ca, cb, la) != 0)
    return strncmp (ca, cb, la);
  return atoi (ca + la) - atoi (cb + lb);
}

static JsonArray *
sorted_hexes (GPtrArray *hexes)
{
  JsonArray *out = json_array_new ();

  g_ptr_array_sort (hexes, compare_coords);
  for (guint i = 0; i < hexes->len; i++)
    json_array_add_element (out, json_node_ref (g_ptr_array_index (hexes, i)));
  return out;
}

/* The hexes of a map's definitions; each definition may be drawn on
 * several coordinates. */
static void
map_hexes (KolMakerImport *im,
           JsonObject     *map,
           GPtrArray      *out)
{
  JsonArray *defs = _kol_maker_array (map, "hexes");

  for (guint i = 0; defs != NULL && i < json_array_get_length (defs); i++)
    {
      JsonObject *def = json_array_get_object_element (defs, i);
      JsonArray *coords = _kol_maker_array (def, "hexes");
      guint n = coords != NULL ? json_array_get_length (coords) : 0;

      if (_kol_maker_string (def, "copy") != NULL)
        _kol_maker_report (im->report, _("A hex copied from another coordinate is read without what it copies"));
      for (guint k = 0; k < n; k++)
        {
          const char *coord = json_array_get_string_element (coords, k);

          if (coord != NULL)
            g_ptr_array_add (out, _kol_maker_object_node (import_hex (im, def, coord, n > 1)));
        }
    }
}

static gboolean
has_hex (GPtrArray  *hexes,
         const char *id)
{
  for (guint i = 0; i < hexes->len; i++)
    if (g_strcmp0 (_kol_maker_string (json_node_get_object (g_ptr_array_index (hexes, i)), "id"), id) == 0)
      return TRUE;
  return FALSE;
}

/* A map of an array after the first: an option of its own, removing and
 * adding or replacing hexes of the first. */
static JsonObject *
import_variant (KolMakerImport *im,
                JsonObject     *map,
                guint           index,
                GPtrArray      *base)
{
  JsonObject *variant = json_object_new (), *when = json_object_new (), *option = json_object_new ();
  const char *name = _kol_maker_string (map, "name");
  g_autofree char *fallback = g_strdup_printf ("map %u", index + 1);
  g_autofree char *id = slug (name != NULL ? name : fallback);
  g_autoptr(GPtrArray) hexes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  JsonArray *remove = _kol_maker_array (map, "remove"), *removed = json_array_new (), *on = json_array_new ();
  JsonArray *add, *replace;
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GPtrArray) replaced = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  double copy = 0;

  if (_kol_maker_number (map, "copy", &copy) && copy != 0)
    _kol_maker_report (im->report, _("A map variant copied from another variant is read as a change of the first "
                                     "map"));
  map_hexes (im, map, hexes);
  for (guint i = 0; remove != NULL && i < json_array_get_length (remove); i++)
    json_array_add_string_element (removed, json_array_get_string_element (remove, i));
  for (guint i = 0; i < hexes->len; i++)
    {
      JsonNode *hex = g_ptr_array_index (hexes, i);
      const char *hex_id = _kol_maker_string (json_node_get_object (hex), "id");
      gboolean gone = FALSE;

      for (guint k = 0; k < json_array_get_length (removed); k++)
        gone |= g_strcmp0 (json_array_get_string_element (removed, k), hex_id) == 0;
      g_ptr_array_add (has_hex (base, hex_id) && !gone ? replaced : added, json_node_ref (hex));
    }
  add = sorted_hexes (added);
  replace = sorted_hexes (replaced);
  json_array_add_string_element (on, id);
  json_object_set_array_member (when, "options", on);
  json_object_set_string_member (variant, "id", id);
  json_object_set_object_member (variant, "when", when);
  json_object_set_array_member (variant, "remove", removed);
  json_object_set_array_member (variant, "add", add);
  json_object_set_array_member (variant, "replace", replace);
  json_object_set_string_member (option, "id", id);
  json_object_set_member (option, "name", _kol_maker_text (name != NULL ? name : fallback));
  json_object_set_member (option, "description", _kol_maker_text (name != NULL ? name : fallback));
  json_array_add_object_element (im->options, option);
  return variant;
}

static JsonNode *
import_map (KolMakerImport *im)
{
  JsonNode *node = json_object_get_member (im->maker, "map");
  JsonArray *maps = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  JsonObject *first = maps != NULL ? json_array_get_object_element (maps, 0) : _kol_maker_object (im->maker, "map");
  JsonObject *root = json_object_new (), *axes = json_object_new ();
  g_autoptr(GPtrArray) hexes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  JsonArray *variants = json_array_new ();

  map_hexes (im, first, hexes);
  for (guint i = 1; maps != NULL && i < json_array_get_length (maps); i++)
    json_array_add_object_element (variants, import_variant (im, json_array_get_object_element (maps, i), i, hexes));
  if (_kol_maker_array (first, "borders") != NULL || _kol_maker_array (first, "lines") != NULL ||
      _kol_maker_array (first, "borderTexts") != NULL)
    _kol_maker_report (im->report, _("The map's own borders, lines and border costs are not kept"));
  json_object_set_string_member (root, "schema", "koleya/map/1");
  json_object_set_string_member (root, "layout", im->pointy ? "pointy" : "flat");
  /* 18xx-maker: a flat map's letters run across, a pointy map's down */
  json_object_set_string_member (axes, "x", im->pointy ? "number" : "letter");
  json_object_set_string_member (axes, "y", im->pointy ? "letter" : "number");
  json_object_set_object_member (root, "axes", axes);
  json_object_set_array_member (root, "hexes", sorted_hexes (hexes));
  if (json_array_get_length (variants) > 0)
    json_object_set_array_member (root, "variants", variants);
  else
    json_array_unref (variants);
  return _kol_maker_object_node (root);
}

/* ---- the title ---------------------------------------------------------------------------------------- */

static JsonObject *
track_type (const char *en,
            const char *ru,
            const char *network,
            const char *draw)
{
  JsonObject *type = json_object_new ();
  JsonObject *name = json_object_new ();
  JsonArray *networks = json_array_new ();

  json_object_set_string_member (name, "en", en);
  json_object_set_string_member (name, "ru", ru);
  json_object_set_object_member (type, "name", name);
  if (network != NULL)
    json_array_add_string_element (networks, network);
  else
    {
      json_array_add_string_element (networks, "broad");
      json_array_add_string_element (networks, "narrow");
    }
  json_object_set_array_member (type, "networks", networks);
  json_object_set_string_member (type, "draw", draw);
  return type;
}

/* Standard gauge always; narrow and dual when some track has them. The
 * names are data, the same whatever the user's language. */
static JsonObject *
track_types (KolMakerImport *im)
{
  JsonObject *types = json_object_new ();

  json_object_set_object_member (types, "broad", track_type ("standard gauge", "стандартная колея", "broad", "solid"));
  if (im->narrow || im->dual)
    json_object_set_object_member (types, "narrow", track_type ("narrow gauge", "узкая колея", "narrow", "narrow"));
  if (im->dual)
    json_object_set_object_member (types, "dual", track_type ("dual gauge", "совмещенная колея", NULL, "dual"));
  return types;
}

static JsonArray *
tile_colors (KolMakerImport *im)
{
  JsonArray *colors = json_array_new ();

  for (int i = 0; i < im->n_colors; i++)
    json_array_add_string_element (colors, im->colors[i]);
  return colors;
}

/* game.json in the order of Koleya's own files. */
static JsonNode *
import_game (KolMakerImport *im,
             const char     *id)
{
  JsonObject *game = json_object_new ();
  JsonArray *phases, *trains = import_trains (im);

  import_info (im, game, id);
  import_players (im, game);
  phases = import_phases (im);
  resolve_available (trains, phases);
  json_object_set_array_member (game, "tile_colors", tile_colors (im));
  json_object_set_object_member (game, "track_types", track_types (im));
  json_object_set_array_member (game, "options", json_array_ref (im->options));
  import_market (im, game);
  json_object_set_array_member (game, "phases", phases);
  json_object_set_array_member (game, "trains", trains);
  json_object_set_array_member (game, "privates", import_privates (im));
  json_object_set_array_member (game, "corporations", _kol_maker_import_companies (im));
  return _kol_maker_object_node (game);
}

static void
load_catalogue (KolMakerImport     *im,
                const char * const *dirs)
{
  for (guint d = 0; dirs != NULL && dirs[d] != NULL; d++)
    {
      g_autofree char *path = g_build_filename (dirs[d], "tiles.json", NULL);
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) root = NULL;
      JsonArray *tiles;
      gsize length;

      if (!g_file_get_contents (path, &text, &length, NULL) ||
          (root = kol_json_format_parse (text, (gssize) length, NULL, NULL)) == NULL ||
          !JSON_NODE_HOLDS_OBJECT (root) || (tiles = _kol_maker_array (json_node_get_object (root), "tiles")) == NULL)
        continue;
      for (guint i = 0; i < json_array_get_length (tiles); i++)
        {
          JsonObject *tile = json_array_get_object_element (tiles, i);
          const char *tile_id = _kol_maker_string (tile, "id");

          if (tile_id != NULL && !g_hash_table_contains (im->catalogue, tile_id))
            g_hash_table_insert (im->catalogue, g_strdup (tile_id), json_object_ref (tile));
        }
    }
}

static gboolean
check_maker (JsonNode  *maker,
             GError   **error)
{
  JsonObject *info;

  if (maker == NULL || !JSON_NODE_HOLDS_OBJECT (maker) ||
      (info = _kol_maker_object (json_node_get_object (maker), "info")) == NULL ||
      _kol_maker_string (info, "title") == NULL)
    {
      g_set_error_literal (error, KOL_MAKER_ERROR, KOL_MAKER_ERROR_INVALID,
                           _("This is not an 18xx-maker game: it has no “info” with a “title”."));
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_maker_import:
 * @maker: an 18xx-maker game definition
 * @id: the identifier of the title made
 * @catalogue: (nullable): title folders whose manifests give the tiles
 *   that @maker names only by number
 * @report: (element-type utf8): where the lines of what did not translate
 *   go
 * @error: return location for a #KOL_MAKER_ERROR
 *
 * Returns: (transfer full) (nullable): the title's files
 */
KolMakerTitle *
kol_maker_import (JsonNode            *maker,
                  const char          *id,
                  const char * const  *catalogue,
                  GPtrArray           *report,
                  GError             **error)
{
  KolMakerTitle *title;
  KolMakerImport im = { 0 };

  g_return_val_if_fail (id != NULL, NULL);

  if (!check_maker (maker, error))
    return NULL;
  im.maker = json_node_get_object (maker);
  im.report = report;
  im.pointy = g_strcmp0 (_kol_maker_string (_kol_maker_object (im.maker, "info"), "orientation"), "horizontal") != 0;
  im.catalogue = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_object_unref);
  im.homes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  im.options = json_array_new ();
  load_catalogue (&im, catalogue);
  title = g_new0 (KolMakerTitle, 1);
  title->map = import_map (&im);
  title->tiles = import_tiles (&im);
  title->game = import_game (&im, id);
  _kol_maker_report (report, _("Texts are in one language in 18xx-maker: the same text is used for English and "
                               "Russian"));
  g_hash_table_unref (im.catalogue);
  g_hash_table_unref (im.homes);
  json_array_unref (im.options);
  return title;
}

/**
 * kol_maker_title_free:
 *
 * Frees @title.
 */
void
kol_maker_title_free (KolMakerTitle *title)
{
  if (title == NULL)
    return;
  g_clear_pointer (&title->game, json_node_unref);
  g_clear_pointer (&title->map, json_node_unref);
  g_clear_pointer (&title->tiles, json_node_unref);
  g_free (title);
}

/**
 * kol_maker_title_write:
 * @dir: the title's folder, made if needed
 *
 * Writes game.json, map.json and tiles.json in the layout of Koleya's own
 * title files, each replaced atomically.
 *
 * Returns: whether all three were written
 */
gboolean
kol_maker_title_write (KolMakerTitle  *title,
                       const char     *dir,
                       GError        **error)
{
  const struct { const char *name; JsonNode *root; } files[] = {
    { "game.json", title->game }, { "map.json", title->map }, { "tiles.json", title->tiles },
  };

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot make the folder “%s”: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      g_autofree char *text = kol_json_format_write (files[i].root, NULL);

      if (!g_file_set_contents (path, text, -1, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * kol_maker_default_catalogue:
 *
 * Returns: (transfer full): the folders of the installed titles, whose
 *   manifests give standard tiles their connections
 */
GStrv
kol_maker_default_catalogue (void)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();
  g_autoptr(GStrvBuilder) dirs = g_strv_builder_new ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);
      g_autofree char *path = g_file_get_path (kol_title_info_get_directory (info));

      if (path != NULL)
        g_strv_builder_add (dirs, path);
    }
  return g_strv_builder_end (dirs);
}
