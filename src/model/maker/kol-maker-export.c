/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-maker-private.h"

/*
 * A Koleya title written as an 18xx-maker game definition, for one
 * configuration (a player count and options) in one language.
 *
 * Nothing is invented at the root (18xx-maker's schema allows no unknown
 * member there): company colours go to "colors", market flags to legend
 * entries ("flag", in the free-form stock), a company's text colour to
 * "textColor" (companies are open). What has no place is reported: the
 * rules module and its rules, options and their conditions, the other
 * language, and the rest listed as it is met.
 *
 * Coordinates: 18xx-maker puts a flat map's letters on its columns and a
 * pointy map's on its rows; a Koleya map whose axes say otherwise (1849)
 * has its coordinates transposed, and a row before A ("a12") moves every
 * number up by one.
 */

typedef struct
{
  JsonObject            *game, *map, *tiles;
  const KolMakerExportOptions *opts;
  const char            *language;
  int                    n_players;
  GPtrArray             *report;
  gboolean               pointy;
  gboolean               transpose;
  int                    shift;        /* added to numbers: rows before A */
  GHashTable            *gauges;       /* track type id → gauge */
  JsonObject            *company_colors;
} Export;

/* ---- coordinates ------------------------------------------------------------------------------- */

/* The letters of a coordinate as a number: A 1 … Z 26, AA 27; a 0. */
static int
letters_value (const char *letters,
               size_t      n)
{
  int value = 0;

  if (n == 1 && g_ascii_islower (letters[0]))
    return 0;
  for (size_t i = 0; i < n; i++)
    value = value * 26 + (g_ascii_toupper (letters[i]) - 'A' + 1);
  return value;
}

static char *
value_letters (int value)
{
  char buf[16];
  int n = 0;

  while (value > 0 && n < (int) sizeof buf - 1)
    {
      buf[n++] = (char) ('A' + (value - 1) % 26);
      value = (value - 1) / 26;
    }
  buf[n] = '\0';
  return g_strreverse (g_strdup (buf));
}

static char *
coord (Export     *ex,
       const char *id)
{
  size_t n;
  g_autofree char *letters = NULL;

  if (id == NULL)
    return NULL;
  n = strspn (id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  if (!ex->transpose)
    return g_strdup (id);
  letters = value_letters (atoi (id + n));
  return g_strdup_printf ("%s%d", letters, letters_value (id, n) + ex->shift);
}

static void
plan_coords (Export *ex)
{
  JsonObject *axes = _kol_maker_object (ex->map, "axes");
  JsonArray *hexes = _kol_maker_array (ex->map, "hexes");
  const char *x = _kol_maker_string (axes, "x");

  ex->pointy = g_strcmp0 (_kol_maker_string (ex->map, "layout"), "pointy") == 0;
  ex->transpose = ex->pointy ? g_strcmp0 (x, "letter") == 0 : g_strcmp0 (x, "number") == 0;
  for (guint i = 0; ex->transpose && hexes != NULL && i < json_array_get_length (hexes); i++)
    if (g_ascii_islower (_kol_maker_string (json_array_get_object_element (hexes, i), "id")[0]))
      ex->shift = 1;
  if (ex->transpose)
    _kol_maker_report (ex->report, _("The coordinates are transposed: 18xx-maker puts the letters on the other "
                                     "axis (Koleya's C5 is written E%d)"), 3 + ex->shift);
}

/* ---- selectors ------------------------------------------------------------------------------------ */

static gboolean
option_on (Export     *ex,
           const char *option)
{
  for (guint i = 0; ex->opts->options != NULL && ex->opts->options[i] != NULL; i++)
    if (g_str_equal (ex->opts->options[i], option))
      return TRUE;
  return FALSE;
}

/* How specific a selector key is for this configuration: 3 count +
 * option, 2 option, 1 count, 0 default; -1 when it does not apply. */
static int
key_rank (Export     *ex,
          const char *key)
{
  g_auto(GStrv) parts = g_strsplit (key, "+", 2);
  gboolean count = g_ascii_isdigit (parts[0][0]);

  if (g_str_equal (key, "default"))
    return 0;
  if (count && atoi (parts[0]) != ex->n_players)
    return -1;
  if (parts[1] != NULL)
    return option_on (ex, parts[1]) ? 3 : -1;
  if (count)
    return 1;
  return option_on (ex, parts[0]) ? 2 : -1;
}

/* A value or a selector of values, for this configuration. */
static JsonNode *
selected (Export   *ex,
          JsonNode *node)
{
  JsonObject *object;
  g_autoptr(GList) keys = NULL;
  JsonNode *best = NULL;
  int best_rank = -1;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return node;
  object = json_node_get_object (node);
  keys = json_object_get_members (object);
  for (GList *l = keys; l != NULL; l = l->next)
    if (key_rank (ex, l->data) > best_rank)
      {
        best_rank = key_rank (ex, l->data);
        best = json_object_get_member (object, l->data);
      }
  return best;
}

static gint64
select_int (Export     *ex,
            JsonNode   *node,
            gint64      fallback)
{
  gint64 value = fallback;

  _kol_maker_int (selected (ex, node), &value, NULL);
  return value;
}

static gboolean
is_unlimited (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
         g_str_equal (json_node_get_string (node), "unlimited");
}

/* ---- info, bank, players ------------------------------------------------------------------------------- */

static char *
maker_currency (const char *format)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = format; p != NULL && *p != '\0'; p++)
    {
      if (p[0] == '%' && p[1] == 'd')
        g_string_append_c (out, '#'), p++;
      else if (p[0] == '%' && p[1] == '%')
        g_string_append_c (out, '%'), p++;
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static JsonObject *
export_info (Export *ex)
{
  JsonObject *info = json_object_new ();
  g_autofree char *currency = maker_currency (_kol_maker_pick (json_object_get_member (ex->game, "currency"),
                                                               ex->language));

  json_object_set_string_member (info, "title", _kol_maker_pick (json_object_get_member (ex->game, "name"),
                                                                 ex->language));
  _kol_maker_set_string (info, "designer", _kol_maker_string (ex->game, "designer"));
  json_object_set_string_member (info, "currency", currency);
  json_object_set_string_member (info, "orientation", ex->pointy ? "vertical" : "horizontal");
  return info;
}

static void
export_players (Export     *ex,
                JsonObject *maker)
{
  JsonObject *range = _kol_maker_object (ex->game, "players");
  JsonObject *cash = _kol_maker_object (ex->game, "starting_cash"), *limits = _kol_maker_object (ex->game, "cert_limit");
  JsonNode *bank = json_object_get_member (ex->game, "bank");
  JsonArray *players = json_array_new ();
  gint64 min = 2, max = 6;
  int saved = ex->n_players;

  _kol_maker_int (json_object_get_member (range, "min"), &min, NULL);
  _kol_maker_int (json_object_get_member (range, "max"), &max, NULL);
  if (is_unlimited (bank))
    json_object_set_string_member (maker, "bank", "∞");
  else
    json_object_set_int_member (maker, "bank", select_int (ex, bank, 0));
  for (gint64 n = min; n <= max; n++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *key = g_strdup_printf ("%d", (int) n);

      ex->n_players = (int) n;
      json_object_set_int_member (player, "number", n);
      json_object_set_int_member (player, "capital", select_int (ex, json_object_get_member (cash, key), 0));
      json_object_set_int_member (player, "certLimit", select_int (ex, json_object_get_member (limits, key), 0));
      json_array_add_object_element (players, player);
    }
  ex->n_players = saved;
  json_object_set_array_member (maker, "players", players);
}

/* ---- companies ------------------------------------------------------------------------------------------ */

/* Consecutive certificates of the same percent, president's first. */
static JsonArray *
export_shares (JsonArray *shares)
{
  JsonArray *out = json_array_new ();
  guint n = shares != NULL ? json_array_get_length (shares) : 0;

  for (guint i = 0; i < n;)
    {
      gint64 percent = json_array_get_int_element (shares, i);
      guint run = 1;
      JsonObject *entry = json_object_new ();

      while (i > 0 && i + run < n && json_array_get_int_element (shares, i + run) == percent)
        run++;
      json_object_set_int_member (entry, "quantity", run);
      json_object_set_int_member (entry, "percent", percent);
      json_array_add_object_element (out, entry);
      i += run;
    }
  return out;
}

static void
report_corporation (Export     *ex,
                    JsonObject *corp)
{
  static const char * const lost[] = { "short", "home_choices", "token_fee", "par", "initial_tokens", "abilities",
                                       "home_city_choice" };
  const char *type = _kol_maker_string (corp, "type");

  for (guint i = 0; i < G_N_ELEMENTS (lost); i++)
    if (json_object_has_member (corp, lost[i]))
      _kol_maker_report (ex->report, _("A corporation's “%s” is not written"), lost[i]);
  if (type != NULL && !g_str_equal (type, "public") && !g_str_equal (type, "minor"))
    _kol_maker_report (ex->report, _("Corporations of the type “%s” are written as majors, or minors when they have "
                                     "one certificate"), type);
}

static char *
color_key (const char *id)
{
  g_autoptr(GString) key = g_string_new ("c");

  for (const char *p = id; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (key, g_ascii_tolower (*p));
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static JsonObject *
export_company (Export     *ex,
                JsonObject *corp)
{
  JsonObject *company = json_object_new ();
  const char *id = _kol_maker_string (corp, "id"), *type = _kol_maker_string (corp, "type");
  JsonArray *shares = _kol_maker_array (corp, "shares"), *tokens = json_array_new ();
  JsonArray *costs = _kol_maker_array (corp, "tokens");
  g_autofree char *key = color_key (id);
  gboolean minor = g_strcmp0 (type, "minor") == 0 ||
                   (g_strcmp0 (type, "public") != 0 && shares != NULL && json_array_get_length (shares) == 1);

  json_object_set_string_member (company, "name", _kol_maker_pick (json_object_get_member (corp, "name"),
                                                                   ex->language));
  json_object_set_string_member (company, "abbrev", id);
  if (_kol_maker_string (corp, "color") != NULL)
    {
      json_object_set_string_member (ex->company_colors, key, _kol_maker_string (corp, "color"));
      json_object_set_string_member (company, "color", key);
    }
  _kol_maker_set_string (company, "textColor", _kol_maker_string (corp, "text_color"));
  if (minor)
    json_object_set_boolean_member (company, "minor", TRUE);
  json_object_set_array_member (company, "shares", export_shares (shares));
  for (guint i = 0; costs != NULL && i < json_array_get_length (costs); i++)
    json_array_add_int_element (tokens, json_array_get_int_element (costs, i));
  json_object_set_array_member (company, "tokens", tokens);
  report_corporation (ex, corp);
  return company;
}

static void
export_companies (Export     *ex,
                  JsonObject *maker)
{
  JsonArray *corps = _kol_maker_array (ex->game, "corporations"), *companies = json_array_new ();
  gint64 first = -1;

  for (guint i = 0; corps != NULL && i < json_array_get_length (corps); i++)
    {
      JsonObject *corp = json_array_get_object_element (corps, i);
      gint64 percent = 60;

      _kol_maker_int (json_object_get_member (corp, "float_percent"), &percent, NULL);
      if (first < 0)
        first = percent;
      else if (percent != first)
        _kol_maker_report (ex->report, _("Corporations float at different percentages; 18xx-maker has one: %d %%"),
                           (int) first);
      json_array_add_object_element (companies, export_company (ex, corp));
    }
  if (first >= 0)
    json_object_set_int_member (maker, "floatPercent", first);
  json_object_set_array_member (maker, "companies", companies);
}

/* ---- privates ------------------------------------------------------------------------------------------- */

static void
map_hexes (Export     *ex,
           JsonObject *ability)
{
  JsonArray *hexes = _kol_maker_array (ability, "hexes"), *out;

  if (hexes == NULL)
    return;
  out = json_array_new ();
  for (guint i = 0; i < json_array_get_length (hexes); i++)
    {
      g_autofree char *c = coord (ex, json_array_get_string_element (hexes, i));

      json_array_add_string_element (out, c);
    }
  json_object_set_array_member (ability, "hexes", out);
}

static JsonArray *
export_abilities (Export    *ex,
                  JsonArray *abilities)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (abilities); i++)
    {
      JsonNode *copy = json_node_copy (json_array_get_element (abilities, i));
      JsonObject *ability = JSON_NODE_HOLDS_OBJECT (copy) ? json_node_get_object (copy) : NULL;

      if (ability == NULL)
        {
          json_node_unref (copy);
          continue;
        }
      if (g_strcmp0 (_kol_maker_string (ability, "type"), "blocks_hex") == 0)
        json_object_set_string_member (ability, "type", "blocks_hexes");
      else
        _kol_maker_report (ex->report, _("The ability “%s” is written as Koleya has it"),
                           _kol_maker_string (ability, "type"));
      map_hexes (ex, ability);
      json_array_add_element (out, copy);
    }
  return out;
}

static void
export_privates (Export     *ex,
                 JsonObject *maker)
{
  JsonArray *privates = _kol_maker_array (ex->game, "privates"), *out = json_array_new ();

  for (guint i = 0; privates != NULL && i < json_array_get_length (privates); i++)
    {
      JsonObject *private = json_array_get_object_element (privates, i), *p = json_object_new ();
      JsonArray *abilities = _kol_maker_array (private, "abilities");
      const char *description = _kol_maker_pick (json_object_get_member (private, "description"), ex->language);

      json_object_set_string_member (p, "name", _kol_maker_pick (json_object_get_member (private, "name"),
                                                                 ex->language));
      json_object_set_string_member (p, "sym", _kol_maker_string (private, "id"));
      _kol_maker_set_string (p, "id", _kol_maker_pick (json_object_get_member (private, "short"), ex->language));
      json_object_set_int_member (p, "price", select_int (ex, json_object_get_member (private, "value"), 0));
      json_object_set_int_member (p, "revenue", select_int (ex, json_object_get_member (private, "revenue"), 0));
      _kol_maker_set_string (p, "description", description);
      if (abilities != NULL)
        json_object_set_array_member (p, "abilities", export_abilities (ex, abilities));
      json_array_add_object_element (out, p);
    }
  json_object_set_array_member (maker, "privates", out);
}

/* ---- trains and phases --------------------------------------------------------------------------------- */

static const char *
phase_train (JsonArray  *phases,
             const char *phase)
{
  for (guint i = 0; phases != NULL && i < json_array_get_length (phases); i++)
    if (g_strcmp0 (_kol_maker_string (json_array_get_object_element (phases, i), "name"), phase) == 0)
      return _kol_maker_string (json_array_get_object_element (phases, i), "on");
  return NULL;
}

/* A train's name, which game.json may leave out: then its id. */
static const char *
train_name (JsonObject *train)
{
  const char *name = _kol_maker_string (train, "name");

  return name != NULL ? name : _kol_maker_string (train, "id");
}

static void
report_train (Export     *ex,
              JsonObject *train)
{
  JsonNode *distance = json_object_get_member (train, "distance");
  const char *name = train_name (train);
  gint64 d = 0;

  if (_kol_maker_array (train, "variants") != NULL)
    _kol_maker_report (ex->report, _("Trains' other faces (variants) are not written"));
  if (is_unlimited (distance) ? strpbrk (name, "0123456789") != NULL
                              : (!_kol_maker_int (distance, &d, NULL) || atoi (name + strcspn (name, "0123456789")) != d))
    _kol_maker_report (ex->report, _("18xx-maker reads a train's distance from its name: “%s” does not say it"), name);
}

static void
export_trains (Export     *ex,
               JsonObject *maker)
{
  JsonArray *trains = _kol_maker_array (ex->game, "trains"), *phases = _kol_maker_array (ex->game, "phases");
  JsonArray *out = json_array_new ();

  for (guint i = 0; trains != NULL && i < json_array_get_length (trains); i++)
    {
      JsonObject *train = json_array_get_object_element (trains, i), *t = json_object_new ();
      JsonNode *count = selected (ex, json_object_get_member (train, "count"));
      const char *available = _kol_maker_string (train, "available_on");
      JsonObject *extra = _kol_maker_object (train, "extra");

      json_object_set_string_member (t, "name", train_name (train));
      if (is_unlimited (count))
        json_object_set_string_member (t, "quantity", "∞");
      else
        json_object_set_int_member (t, "quantity", select_int (ex, count, 0));
      json_object_set_int_member (t, "price", select_int (ex, json_object_get_member (train, "price"), 0));
      _kol_maker_set_string (t, "color", _kol_maker_string (extra, "color") != NULL ? _kol_maker_string (extra, "color")
                                                                                   : "gray");
      _kol_maker_set_string (t, "rust", _kol_maker_string (train, "rusts_on"));
      _kol_maker_set_string (t, "obsolete", _kol_maker_string (train, "obsolete_on"));
      if (available != NULL && phase_train (phases, available) != NULL)
        json_object_set_string_member (t, "available", phase_train (phases, available));
      else if (available != NULL)
        _kol_maker_report (ex->report, _("A train available from a phase no train starts is written as always "
                                         "available"));
      report_train (ex, train);
      json_array_add_object_element (out, t);
    }
  json_object_set_array_member (maker, "trains", out);
}

static const char *
newest_color (JsonArray *tiles)
{
  return tiles != NULL && json_array_get_length (tiles) > 0
         ? json_array_get_string_element (tiles, json_array_get_length (tiles) - 1) : "yellow";
}

static JsonObject *
export_phase_events (Export     *ex,
                     JsonObject *phase,
                     JsonObject *p)
{
  JsonArray *events = _kol_maker_array (phase, "events"), *status = _kol_maker_array (phase, "status");
  JsonObject *out = json_object_new ();

  for (guint i = 0; status != NULL && i < json_array_get_length (status); i++)
    if (g_strcmp0 (json_array_get_string_element (status, i), "can_buy_companies") == 0)
      json_object_set_boolean_member (p, "buy_companies", TRUE);
    else
      _kol_maker_report (ex->report, _("A phase's status “%s” is not written"), json_array_get_string_element (status, i));
  for (guint i = 0; events != NULL && i < json_array_get_length (events); i++)
    {
      JsonNode *event = json_array_get_element (events, i);

      if (JSON_NODE_HOLDS_VALUE (event))
        json_object_set_boolean_member (out, json_node_get_string (event), TRUE);
      else
        _kol_maker_report (ex->report, _("Events that depend on options are not written"));
    }
  return out;
}

static void
export_phases (Export     *ex,
               JsonObject *maker)
{
  JsonArray *phases = _kol_maker_array (ex->game, "phases"), *trains = _kol_maker_array (ex->game, "trains");
  JsonArray *out = json_array_new ();

  for (guint i = 0; phases != NULL && i < json_array_get_length (phases); i++)
    {
      JsonObject *phase = json_array_get_object_element (phases, i), *p = json_object_new (), *events;
      JsonNode *limit = selected (ex, json_object_get_member (phase, "train_limit"));
      const char *on = _kol_maker_string (phase, "on");
      gint64 rounds = 1;

      json_object_set_string_member (p, "name", _kol_maker_string (phase, "name"));
      if (on == NULL && trains != NULL && json_array_get_length (trains) > 0)
        on = train_name (json_array_get_object_element (trains, 0));
      _kol_maker_set_string (p, "train", on);
      if (limit != NULL)
        json_object_set_int_member (p, "limit", select_int (ex, limit, 0));
      else
        json_object_set_string_member (p, "limit", "∞");
      json_object_set_string_member (p, "tiles", newest_color (_kol_maker_array (phase, "tiles")));
      _kol_maker_int (json_object_get_member (phase, "operating_rounds"), &rounds, NULL);
      json_object_set_int_member (p, "rounds", rounds);
      events = export_phase_events (ex, phase, p);
      if (json_object_get_size (events) > 0)
        json_object_set_object_member (p, "events", events);
      else
        json_object_unref (events);
      if (json_object_has_member (phase, "starts_at"))
        _kol_maker_report (ex->report, _("Phases started by the round track are not written"));
      json_array_add_object_element (out, p);
    }
  json_object_set_array_member (maker, "phases", out);
}

/* ---- the market ---------------------------------------------------------------------------------------- */

static const struct
{
  char        flag;
  const char *color;
  const char *text;
} flag_legend[] = {
  { 'e', "orange", N_("Game end") }, { 'c', "purple", N_("Closes") }, { 'u', "blue", N_("Only from a phase") },
  { 'x', "gray", N_("Cannot be entered") }, { 'z', "green", N_("Second par") },
};

typedef struct
{
  JsonArray *legend;
  int        zone_of[64][64];   /* legend index + 1 per cell */
  char       flags[8];          /* the flag each legend entry stands for */
} Legend;

static void
export_zones (Export     *ex,
              JsonObject *market,
              Legend     *l)
{
  JsonArray *zones = _kol_maker_array (market, "zones");

  for (guint z = 0; zones != NULL && z < json_array_get_length (zones); z++)
    {
      JsonObject *zone = json_array_get_object_element (zones, z), *entry = json_object_new ();
      JsonArray *cells = _kol_maker_array (zone, "cells");
      const char *flag = _kol_maker_string (zone, "flag");
      const char *label = _kol_maker_pick (json_object_get_member (zone, "label"), ex->language);
      guint index = json_array_get_length (l->legend);

      json_object_set_string_member (entry, "color", _kol_maker_string (zone, "color"));
      _kol_maker_set_string (entry, "description", label);
      if (flag != NULL)
        {
          json_object_set_string_member (entry, "flag", flag);
          if (index < G_N_ELEMENTS (l->flags))
            l->flags[index] = flag[0];
        }
      for (guint c = 0; cells != NULL && c < json_array_get_length (cells); c++)
        {
          JsonArray *at = json_array_get_array_element (cells, c);
          gint64 r = json_array_get_int_element (at, 0), k = json_array_get_int_element (at, 1);

          if (r >= 0 && r < 64 && k >= 0 && k < 64)
            l->zone_of[r][k] = (int) index + 1;
        }
      json_array_add_object_element (l->legend, entry);
    }
}

/* A legend entry for a flag no zone stands for. */
static int
flag_entry (Legend *l,
            char    flag)
{
  JsonObject *entry;
  guint index;

  for (guint i = 0; i < json_array_get_length (l->legend) && i < G_N_ELEMENTS (l->flags); i++)
    if (l->flags[i] == flag)
      return (int) i;
  for (guint i = 0; i < G_N_ELEMENTS (flag_legend); i++)
    if (flag_legend[i].flag == flag && (index = json_array_get_length (l->legend)) < G_N_ELEMENTS (l->flags))
      {
        char text[2] = { flag, '\0' };

        entry = json_object_new ();
        json_object_set_string_member (entry, "color", flag_legend[i].color);
        json_object_set_string_member (entry, "description", _(flag_legend[i].text));
        json_object_set_string_member (entry, "flag", text);
        json_array_add_object_element (l->legend, entry);
        l->flags[index] = flag;
        return (int) index;
      }
  return -1;
}

static JsonNode *
export_cell (Legend     *l,
             const char *text,
             guint       row,
             guint       col)
{
  JsonObject *cell;
  int legend = row < 64 && col < 64 ? l->zone_of[row][col] - 1 : -1;
  gboolean par = strchr (text, 'p') != NULL;

  if (*text == '\0')
    return json_node_init_null (json_node_alloc ());
  for (const char *f = text; *f != '\0'; f++)
    if (strchr ("ecuxz", *f) != NULL && (legend < 0 || l->flags[legend] != *f))
      legend = flag_entry (l, *f);
  if (!par && legend < 0)
    return json_node_init_int (json_node_alloc (), atoi (text));
  cell = json_object_new ();
  json_object_set_int_member (cell, "value", atoi (text));
  if (par)
    json_object_set_boolean_member (cell, "par", TRUE);
  if (legend >= 0)
    json_object_set_int_member (cell, "legend", legend);
  return _kol_maker_object_node (cell);
}

static void
export_market (Export     *ex,
               JsonObject *maker)
{
  JsonObject *market = _kol_maker_object (ex->game, "market"), *stock = json_object_new (), *par = json_object_new ();
  JsonArray *rows = _kol_maker_array (market, "rows"), *out = json_array_new ();
  JsonArray *pars = _kol_maker_array (market, "par");
  gboolean linear = g_strcmp0 (_kol_maker_string (market, "kind"), "1d") == 0;
  Legend *l = g_new0 (Legend, 1);

  l->legend = json_array_new ();
  export_zones (ex, market, l);
  for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
    {
      JsonArray *row = json_array_get_array_element (rows, r), *cells = linear ? out : json_array_new ();

      for (guint c = 0; c < json_array_get_length (row); c++)
        json_array_add_element (cells, export_cell (l, json_array_get_string_element (row, c), r, c));
      if (!linear)
        json_array_add_array_element (out, cells);
    }
  json_object_set_string_member (stock, "type", linear ? "1D" : "2D");
  json_object_set_array_member (stock, "market", out);
  json_object_set_array_member (par, "values", pars != NULL ? json_array_ref (pars) : json_array_new ());
  json_object_set_object_member (stock, "par", par);
  if (json_array_get_length (l->legend) > 0)
    json_object_set_array_member (stock, "legend", json_array_ref (l->legend));
  json_array_unref (l->legend);
  g_free (l);
  json_object_set_object_member (maker, "stock", stock);
}

/* ---- tiles and the map -------------------------------------------------------------------------------------- */

static const char *
maker_color (Export     *ex,
             const char *color)
{
  static const struct { const char *koleya, *maker; } colors[] = {
    { "white", "plain" }, { "red", "offboard" }, { "blue", "water" }, { "gray", "gray" }, { "yellow", "yellow" },
    { "green", "green" }, { "brown", "brown" },
  };

  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (colors); i++)
    if (g_str_equal (color, colors[i].koleya))
      return colors[i].maker;
  _kol_maker_report (ex->report, _("The colour “%s” is written as it is: 18xx-maker's themes may not know it"),
                     color != NULL ? color : "");
  return color != NULL ? color : "plain";
}

static void
plan_gauges (Export *ex)
{
  JsonObject *types = _kol_maker_object (ex->game, "track_types");
  g_autoptr(GList) ids = types != NULL ? json_object_get_members (types) : NULL;

  for (GList *l = ids; l != NULL; l = l->next)
    {
      const char *draw = _kol_maker_string (_kol_maker_object (types, l->data), "draw");
      const char *gauge = g_strcmp0 (draw, "narrow") == 0 ? "narrow" : g_strcmp0 (draw, "dual") == 0 ? "dual" : "";

      if (g_strcmp0 (draw, "dotted") == 0)
        _kol_maker_report (ex->report, _("Dotted track (“%s”) is written as standard gauge"), (char *) l->data);
      g_hash_table_insert (ex->gauges, g_strdup (l->data), g_strdup (gauge));
    }
  if (g_list_length (ids) > 1)
    _kol_maker_report (ex->report, _("Track types are written by their look only: which networks they join is "
                                     "lost"));
}

static void
report_tile (Export     *ex,
             JsonObject *tile)
{
  static const char * const lost[] = { "pool", "frame", "icons", "lay_only_on", "lay_requires", "upgrade_policy",
                                       "name" };

  for (guint i = 0; i < G_N_ELEMENTS (lost); i++)
    if (json_object_has_member (tile, lost[i]))
      _kol_maker_report (ex->report, _("A tile's “%s” is not written"), lost[i]);
}

static void
export_tiles (Export     *ex,
              JsonObject *maker)
{
  JsonArray *tiles = _kol_maker_array (ex->tiles, "tiles");
  JsonObject *out = json_object_new (), *upgrades = json_object_new ();

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i), *def = json_object_new ();
      const char *id = _kol_maker_string (tile, "id");
      g_autofree char *where = g_strdup_printf (_("tile %s"), id);
      KolMakerGeometry geometry = { ex->pointy, ex->report, where, ex->gauges };
      JsonNode *count = selected (ex, json_object_get_member (tile, "count"));
      JsonArray *to = _kol_maker_array (tile, "upgrades_to");

      json_object_set_string_member (def, "color", maker_color (ex, _kol_maker_string (tile, "color")));
      if (is_unlimited (count))
        json_object_set_string_member (def, "quantity", "∞");
      else
        json_object_set_int_member (def, "quantity", select_int (ex, count, 0));
      _kol_maker_tile_export (&geometry, tile, 0, def);
      json_object_set_object_member (out, id, def);
      if (to != NULL)
        json_object_set_array_member (upgrades, id, json_array_ref (to));
      report_tile (ex, tile);
    }
  json_object_set_object_member (maker, "tiles", out);
  if (json_object_get_size (upgrades) > 0)
    json_object_set_object_member (maker, "upgrades", upgrades);
  else
    json_object_unref (upgrades);
}

static JsonArray *
export_terrain (JsonArray *terrain)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (terrain); i++)
    {
      JsonObject *entry = json_array_get_object_element (terrain, i), *t = json_object_new ();
      const char *type = _kol_maker_string (entry, "type");
      const char *size = g_strcmp0 (type, "rough") == 0 ? "small" : g_strcmp0 (type, "hills") == 0 ? "medium"
                         : g_strcmp0 (type, "mountains") == 0 ? "large" : NULL;
      gint64 cost = 0;

      _kol_maker_int (json_object_get_member (entry, "cost"), &cost, NULL);
      json_object_set_string_member (t, "type", size != NULL ? "mountain" : type != NULL ? type : "mountain");
      _kol_maker_set_string (t, "size", size);
      json_object_set_int_member (t, "cost", cost);
      json_array_add_object_element (out, t);
    }
  return out;
}

static JsonArray *
export_borders (Export    *ex,
                JsonArray *borders)
{
  JsonArray *out = json_array_new ();

  for (guint i = 0; i < json_array_get_length (borders); i++)
    {
      JsonObject *border = json_array_get_object_element (borders, i), *b = json_object_new ();
      gint64 edge = 0;

      _kol_maker_int (json_object_get_member (border, "edge"), &edge, NULL);
      json_object_set_int_member (b, "side", _kol_maker_side (ex->pointy, (int) edge));
      if (g_strcmp0 (_kol_maker_string (border, "type"), "impassable") == 0)
        json_object_set_string_member (b, "color", "impassable");
      if (json_object_has_member (border, "cost"))
        _kol_maker_report (ex->report, _("The cost of crossing a border is not written"));
      json_array_add_object_element (out, b);
    }
  return out;
}

/* A hex's definition without its coordinates. */
static JsonObject *
export_hex_def (Export     *ex,
                JsonObject *hex,
                GHashTable *homes)
{
  JsonObject *def = json_object_new (), *tile = _kol_maker_object (hex, "tile");
  JsonArray *terrain = _kol_maker_array (hex, "terrain"), *borders = _kol_maker_array (hex, "borders");
  const char *name = _kol_maker_pick (json_object_get_member (hex, "name"), ex->language);
  g_autofree char *where = g_strdup_printf (_("hex %s"), _kol_maker_string (hex, "id"));
  KolMakerGeometry geometry = { ex->pointy, ex->report, where, ex->gauges };
  gint64 rotation = 0;

  _kol_maker_int (json_object_get_member (hex, "rotation"), &rotation, NULL);
  json_object_set_string_member (def, "color", maker_color (ex, _kol_maker_string (hex, "color")));
  if (name != NULL)
    {
      JsonArray *names = json_array_new ();
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "name", name);
      json_array_add_object_element (names, entry);
      json_object_set_array_member (def, "names", names);
    }
  if (tile != NULL)
    _kol_maker_tile_export (&geometry, tile, (int) rotation, def);
  if (terrain != NULL && json_array_get_length (terrain) > 0)
    json_object_set_array_member (def, "terrain", export_terrain (terrain));
  if (borders != NULL && json_array_get_length (borders) > 0)
    json_object_set_array_member (def, "borders", export_borders (ex, borders));
  if (json_object_has_member (hex, "tags") || json_object_has_member (hex, "stadtbahn") ||
      json_object_has_member (hex, "frame") || json_object_has_member (hex, "icons"))
    _kol_maker_report (ex->report, _("Hexes' tags, frames, icons and Stadtbahn lines are not written"));
  return def;
}

/* Home reservations on the cities of the hexes that are homes. */
static void
add_homes (Export     *ex,
           JsonObject *def,
           const char *hex_id,
           GHashTable *homes)
{
  JsonArray *cities = _kol_maker_array (def, "cities");
  GPtrArray *here = g_hash_table_lookup (homes, hex_id);

  for (guint i = 0; here != NULL && i < here->len; i += 2)
    {
      int city = atoi (g_ptr_array_index (here, i + 1));
      JsonObject *c = cities != NULL && (guint) city < json_array_get_length (cities)
                      ? json_array_get_object_element (cities, (guint) city) : NULL;
      JsonArray *companies;

      if (c == NULL)
        continue;
      if ((companies = _kol_maker_array (c, "companies")) == NULL)
        {
          companies = json_array_new ();
          json_object_set_array_member (c, "companies", companies);
        }
      json_array_add_string_element (companies, g_ptr_array_index (here, i));
    }
}

static GHashTable *
plan_homes (Export *ex)
{
  GHashTable *homes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  JsonArray *corps = _kol_maker_array (ex->game, "corporations");

  for (guint i = 0; corps != NULL && i < json_array_get_length (corps); i++)
    {
      JsonObject *corp = json_array_get_object_element (corps, i);
      const char *home = _kol_maker_string (corp, "home");
      gint64 city = 0;
      GPtrArray *list;

      if (home == NULL)
        continue;
      _kol_maker_int (json_object_get_member (corp, "home_city"), &city, NULL);
      if ((list = g_hash_table_lookup (homes, home)) == NULL)
        g_hash_table_insert (homes, g_strdup (home), list = g_ptr_array_new_with_free_func (g_free));
      g_ptr_array_add (list, g_strdup (_kol_maker_string (corp, "id")));
      g_ptr_array_add (list, g_strdup_printf ("%d", (int) city));
    }
  return homes;
}

/* Definitions drawn on several coordinates: identical hexes share one. */
static JsonArray *
grouped_hexes (Export     *ex,
               JsonArray  *hexes,
               GHashTable *homes)
{
  JsonArray *out = json_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      JsonObject *hex = json_array_get_object_element (hexes, i);
      g_autoptr(JsonObject) def = export_hex_def (ex, hex, homes);
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *key = NULL, *id = coord (ex, _kol_maker_string (hex, "id"));
      JsonObject *group;

      add_homes (ex, def, _kol_maker_string (hex, "id"), homes);
      node = json_node_init_object (json_node_alloc (), def);
      key = json_to_string (node, FALSE);
      if ((group = g_hash_table_lookup (seen, key)) == NULL)
        {
          group = json_object_ref (def);
          json_object_set_array_member (group, "hexes", json_array_new ());
          json_array_add_object_element (out, group);
          g_hash_table_insert (seen, g_steal_pointer (&key), group);
        }
      json_array_add_string_element (json_object_get_array_member (group, "hexes"), id);
    }
  return out;
}

/* The name of the option a variant stands for, as import names it. */
static const char *
variant_name (Export     *ex,
              const char *id)
{
  JsonArray *options = _kol_maker_array (ex->game, "options");

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonObject *option = json_array_get_object_element (options, i);

      if (g_strcmp0 (_kol_maker_string (option, "id"), id) == 0)
        return _kol_maker_pick (json_object_get_member (option, "name"), ex->language);
    }
  return id;
}

static JsonObject *
export_variant (Export     *ex,
                JsonObject *variant,
                GHashTable *homes)
{
  JsonObject *map = json_object_new (), *when = _kol_maker_object (variant, "when");
  JsonArray *remove = _kol_maker_array (variant, "remove"), *replace = _kol_maker_array (variant, "replace");
  JsonArray *removed = json_array_new (), *hexes = json_array_new ();
  JsonArray *options = _kol_maker_array (when, "options");
  const char *id = _kol_maker_string (variant, "id");
  JsonArray *parts[] = { _kol_maker_array (variant, "add"), replace };

  if (options == NULL || json_array_get_length (options) != 1 || json_object_get_size (when) != 1 ||
      g_strcmp0 (json_array_get_string_element (options, 0), id) != 0)
    _kol_maker_report (ex->report, _("The map variant “%s” is written under its name: when it applies is lost"), id);
  for (guint i = 0; remove != NULL && i < json_array_get_length (remove); i++)
    {
      g_autofree char *c = coord (ex, json_array_get_string_element (remove, i));

      json_array_add_string_element (removed, c);
    }
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    for (guint i = 0; parts[p] != NULL && i < json_array_get_length (parts[p]); i++)
      json_array_add_element (hexes, json_node_copy (json_array_get_element (parts[p], i)));
  json_object_set_string_member (map, "name", variant_name (ex, id));
  json_object_set_int_member (map, "copy", 0);
  json_object_set_array_member (map, "remove", removed);
  json_object_set_array_member (map, "hexes", grouped_hexes (ex, hexes, homes));
  json_array_unref (hexes);
  return map;
}

static void
export_map (Export     *ex,
            JsonObject *maker)
{
  JsonArray *variants = _kol_maker_array (ex->map, "variants");
  g_autoptr(GHashTable) homes = plan_homes (ex);
  JsonObject *base = json_object_new ();

  json_object_set_array_member (base, "hexes", grouped_hexes (ex, _kol_maker_array (ex->map, "hexes"), homes));
  if (variants == NULL || json_array_get_length (variants) == 0)
    {
      json_object_set_object_member (maker, "map", base);
      return;
    }
  {
    JsonArray *maps = json_array_new ();

    json_object_set_string_member (base, "name", "base");
    json_array_add_object_element (maps, base);
    for (guint i = 0; i < json_array_get_length (variants); i++)
      json_array_add_object_element (maps, export_variant (ex, json_array_get_object_element (variants, i), homes));
    json_object_set_array_member (maker, "map", maps);
  }
}

/* ---- the definition ------------------------------------------------------------------------------------- */

static void
report_game (Export *ex)
{
  JsonArray *options = _kol_maker_array (ex->game, "options");

  _kol_maker_report (ex->report, _("The rules module and the title's rules are not written: 18xx-maker does not "
                                   "play"));
  if (options != NULL && json_array_get_length (options) > 0)
    _kol_maker_report (ex->report, _("Options are not written; counts are those of the configuration exported"));
  if (json_object_has_member (ex->game, "terms"))
    _kol_maker_report (ex->report, _("The title's own words (terms) are not written"));
  _kol_maker_report (ex->report, _("Texts are written in one language"));
}

static gboolean
check_title (JsonNode  *game,
             JsonNode  *map,
             JsonNode  *tiles,
             GError   **error)
{
  if (game == NULL || map == NULL || tiles == NULL || !JSON_NODE_HOLDS_OBJECT (game) ||
      !JSON_NODE_HOLDS_OBJECT (map) || !JSON_NODE_HOLDS_OBJECT (tiles))
    {
      g_set_error_literal (error, KOL_MAKER_ERROR, KOL_MAKER_ERROR_TITLE, _("The title's files are incomplete."));
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_maker_export:
 * @game: a title's game.json
 * @map: its map.json
 * @tiles: its tiles.json
 * @opts: the configuration and language written
 * @report: (element-type utf8): where the lines of what did not translate
 *   go
 * @error: return location for a #KOL_MAKER_ERROR
 *
 * Returns: (transfer full) (nullable): the 18xx-maker game definition
 */
JsonNode *
kol_maker_export (JsonNode                     *game,
                  JsonNode                     *map,
                  JsonNode                     *tiles,
                  const KolMakerExportOptions  *opts,
                  GPtrArray                    *report,
                  GError                      **error)
{
  JsonObject *maker, *colors;
  Export ex = { 0 };
  gint64 max = 0;

  g_return_val_if_fail (opts != NULL, NULL);

  if (!check_title (game, map, tiles, error))
    return NULL;
  ex.game = json_node_get_object (game);
  ex.map = json_node_get_object (map);
  ex.tiles = json_node_get_object (tiles);
  ex.opts = opts;
  ex.language = opts->language != NULL ? opts->language : "en";
  ex.report = report;
  _kol_maker_int (json_object_get_member (_kol_maker_object (ex.game, "players"), "max"), &max, NULL);
  ex.n_players = opts->n_players > 0 ? opts->n_players : (int) max;
  ex.gauges = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  ex.company_colors = json_object_new ();
  plan_coords (&ex);
  plan_gauges (&ex);
  maker = json_object_new ();
  json_object_set_object_member (maker, "info", export_info (&ex));
  export_players (&ex, maker);
  export_companies (&ex, maker);
  export_privates (&ex, maker);
  export_trains (&ex, maker);
  export_phases (&ex, maker);
  export_market (&ex, maker);
  export_tiles (&ex, maker);
  export_map (&ex, maker);
  colors = json_object_new ();
  json_object_set_object_member (colors, "companies", ex.company_colors);
  json_object_set_object_member (maker, "colors", colors);
  report_game (&ex);
  g_hash_table_unref (ex.gauges);
  return _kol_maker_object_node (maker);
}
