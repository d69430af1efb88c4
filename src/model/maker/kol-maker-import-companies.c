/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-maker-private.h"

/*
 * 18xx-maker's companies into game.json's corporations: their colours
 * (named, or RGB, with an ink that reads on them), shares, station tokens
 * and homes. A part of the importer (kol-maker-import.c) of its own.
 */

/* ---- companies ----------------------------------------------------------------------------- */

static const struct
{
  const char *name, *rgb;
} named_colors[] = {
  { "red", "#d81e3e" }, { "orange", "#f48221" }, { "yellow", "#ffe600" }, { "green", "#00a651" },
  { "lightGreen", "#8dc63f" }, { "darkGreen", "#006838" }, { "blue", "#0072bc" }, { "lightBlue", "#6dcff6" },
  { "darkBlue", "#003471" }, { "cyan", "#00aeef" }, { "purple", "#7f3f98" }, { "violet", "#92278f" },
  { "pink", "#f49ac1" }, { "brown", "#8c6239" }, { "black", "#000000" }, { "white", "#ffffff" },
  { "gray", "#808285" }, { "grey", "#808285" }, { "gold", "#d4af37" }, { "maroon", "#800000" },
  { "navy", "#000080" }, { "teal", "#008080" }, { "natural", "#d4b47d" },
};

static gboolean
is_rgb (const char *color)
{
  if (color == NULL || color[0] != '#' || (strlen (color) != 7 && strlen (color) != 4))
    return FALSE;
  for (const char *p = color + 1; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p))
      return FALSE;
  return TRUE;
}

static char *
rgb_of (KolMakerImport *im,
        const char     *color)
{
  JsonObject *colors = _kol_maker_object (_kol_maker_object (im->maker, "colors"), "companies");
  const char *own = _kol_maker_string (colors, color);

  if (own == NULL)
    own = _kol_maker_string (_kol_maker_object (im->maker, "colors"), color);
  if (is_rgb (own))
    color = own;
  if (is_rgb (color))
    return strlen (color) == 4 ? g_strdup_printf ("#%c%c%c%c%c%c", color[1], color[1], color[2], color[2], color[3],
                                                  color[3])
                               : g_ascii_strdown (color, -1);
  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (named_colors); i++)
    if (g_str_equal (color, named_colors[i].name))
      return g_strdup (named_colors[i].rgb);
  _kol_maker_report (im->report, _("The company colour “%s” is not known: it is grey"), color != NULL ? color : "");
  return g_strdup ("#808285");
}

/* Black on light colours, white on dark ones. */
static const char *
ink_on (const char *rgb)
{
  unsigned r = 0, g = 0, b = 0;

  sscanf (rgb + 1, "%2x%2x%2x", &r, &g, &b);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000000" : "#ffffff";
}

/* A list, or the name of a list in shareTypes or tokenTypes; without
 * either, the type named "default" (or "minor"). */
static JsonArray *
typed_list (KolMakerImport *im,
            JsonObject     *company,
            const char     *member,
            const char     *types,
            gboolean        minor)
{
  JsonNode *node = json_object_get_member (company, member);
  JsonObject *table = _kol_maker_object (im->maker, types);
  const char *name = minor ? "minor" : "default";

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    return json_node_get_array (node);
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    name = json_node_get_string (node);
  return _kol_maker_array (table, name);
}

static JsonArray *
import_shares (KolMakerImport *im,
               JsonObject     *company,
               gboolean        minor)
{
  JsonArray *shares = typed_list (im, company, "shares", "shareTypes", minor), *out = json_array_new ();

  for (guint i = 0; shares != NULL && i < json_array_get_length (shares); i++)
    {
      JsonObject *share = json_array_get_object_element (shares, i);
      gint64 quantity = 1, percent = 10;

      _kol_maker_int (json_object_get_member (share, "quantity"), &quantity, NULL);
      _kol_maker_int (json_object_get_member (share, "percent"), &percent, NULL);
      for (gint64 k = 0; k < quantity && k < 100; k++)
        json_array_add_int_element (out, percent);
      if (json_object_has_member (share, "label") || json_object_has_member (share, "shares") ||
          json_object_has_member (share, "cost") || json_object_has_member (share, "revenue"))
        _kol_maker_report (im->report, _("Certificates' labels, share counts, costs and revenues are not kept: "
                                         "only their percentages"));
    }
  if (json_array_get_length (out) == 0)
    {
      _kol_maker_report (im->report, _("A company without shares gets a president's 20 %% and eight 10 %% "
                                       "certificates, a minor one certificate of 100 %%"));
      json_array_add_int_element (out, minor ? 100 : 20);
      for (int k = 0; !minor && k < 8; k++)
        json_array_add_int_element (out, 10);
    }
  return out;
}

static JsonArray *
import_tokens (KolMakerImport *im,
               JsonObject     *company,
               gboolean        minor)
{
  JsonArray *tokens = typed_list (im, company, "tokens", "tokenTypes", minor), *out = json_array_new ();

  for (guint i = 0; tokens != NULL && i < json_array_get_length (tokens); i++)
    {
      JsonNode *token = json_array_get_element (tokens, i);
      gint64 cost = 0;
      gboolean exact = TRUE;

      _kol_maker_int (token, &cost, &exact);
      if (!exact && cost == 0 && strpbrk (json_node_get_string (token), "0123456789") == NULL)
        ;  /* "Free", "": no cost */
      else if (!exact && strchr (json_node_get_string (token), '/') != NULL)
        _kol_maker_report (im->report, _("A token cost by distance (“%s”) is read as %d"),
                           json_node_get_string (token), (int) cost);
      json_array_add_int_element (out, cost);
    }
  return out;
}

static JsonObject *
import_company (KolMakerImport *im,
                JsonObject     *company,
                gint64          float_percent)
{
  JsonObject *c = json_object_new ();
  gboolean minor = json_object_get_boolean_member_with_default (company, "minor", FALSE);
  const char *abbrev = _kol_maker_string (company, "abbrev"), *home;
  g_autofree char *rgb = rgb_of (im, _kol_maker_string (company, "color"));
  const char *ink = _kol_maker_string (company, "textColor");

  json_object_set_string_member (c, "id", abbrev);
  json_object_set_string_member (c, "name", _kol_maker_string (company, "name") != NULL
                                            ? _kol_maker_string (company, "name") : abbrev);
  json_object_set_string_member (c, "type", minor ? "minor" : "public");
  json_object_set_string_member (c, "color", rgb);
  json_object_set_string_member (c, "text_color", is_rgb (ink) ? ink : ink_on (rgb));
  json_object_set_array_member (c, "shares", import_shares (im, company, minor));
  json_object_set_int_member (c, "float_percent", float_percent);
  json_object_set_array_member (c, "tokens", import_tokens (im, company, minor));
  if ((home = g_hash_table_lookup (im->homes, abbrev)) != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (home, "\n", 2);

      json_object_set_string_member (c, "home", parts[0]);
      json_object_set_int_member (c, "home_city", atoi (parts[1]));
    }
  if (json_object_has_member (company, "capital") || json_object_has_member (company, "marketTokens") ||
      json_object_has_member (company, "extraStationTokens") || json_object_has_member (company, "subtext"))
    _kol_maker_report (im->report, _("A company's capital, subtext and extra tokens are not kept"));
  return c;
}

JsonArray *
_kol_maker_import_companies (KolMakerImport *im)
{
  JsonArray *companies = _kol_maker_array (im->maker, "companies"), *out = json_array_new ();
  gint64 float_percent = 60;

  if (!_kol_maker_int (json_object_get_member (im->maker, "floatPercent"), &float_percent, NULL))
    _kol_maker_report (im->report, _("No float percentage is given: companies float at 60 %%"));
  for (guint i = 0; companies != NULL && i < json_array_get_length (companies); i++)
    {
      JsonObject *company = json_array_get_object_element (companies, i);

      if (company != NULL && _kol_maker_string (company, "abbrev") != NULL)
        json_array_add_object_element (out, import_company (im, company, float_percent));
    }
  return out;
}
