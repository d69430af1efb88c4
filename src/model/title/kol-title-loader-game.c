/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-title-info.h"
#include "kol-title-loader-private.h"
#include "kol-titles.h"

/*
 * game.json for the title loader: metadata, options and the configuration,
 * money, colours, track types, market, phases, trains, private companies,
 * corporations and the rules dictionary.
 */

/* ---- game.json: header, options and configuration ----------------------- */

/* A currency is a printf format given one integer: exactly one %d and no
 * other conversion, since it is passed to printf. */
static gboolean
currency_format_ok (const char *format)
{
  int n_d = 0;

  for (const char *c = format; c != NULL && *c != '\0'; c++)
    {
      if (*c != '%')
        continue;
      if (c[1] == '%')
        c++;
      else if (c[1] == 'd')
        {
          n_d++;
          c++;
        }
      else
        return FALSE;
    }
  return n_d == 1;
}

static void
read_currency (KolLoader  *l,
               JsonObject *game)
{
  KolText *currency = &l->title->currency;

  if (!kol_loader_text_member (l, KOL_FILE_GAME, game, "$", "currency", TRUE, FALSE, currency))
    return;
  if (!currency_format_ok (currency->en) || !currency_format_ok (currency->ru))
    {
      g_clear_pointer (&currency->en, g_free);
      g_clear_pointer (&currency->ru, g_free);
      kol_loader_invalid (l, KOL_FILE_GAME, "$.currency",
                          _("A currency needs exactly one “%%d” (the amount) and no other “%%” sign"));
    }
}

static void
read_players (KolLoader  *l,
              JsonObject *game)
{
  JsonObject *players = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "players", TRUE);
  int min = 0, max = 0;

  if (players == NULL)
    return;
  if (!kol_loader_int_member (l, KOL_FILE_GAME, players, "$.players", "min", TRUE, 1, KOL_MAX_PLAYERS, &min)
      | !kol_loader_int_member (l, KOL_FILE_GAME, players, "$.players", "max", TRUE, 1, KOL_MAX_PLAYERS, &max))
    return;
  if (min > max)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.players", _("The minimum number of players exceeds the maximum"));
      return;
    }
  if (l->n_players < min || l->n_players > max)
    {
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.players",
                          _("This title is for %d to %d players, not %d"), min, max, l->n_players);
      return;
    }
  l->players_known = TRUE;
}

static void
read_option_def (KolLoader    *l,
                 JsonObject   *object,
                 const char   *path,
                 KolOptionDef *def)
{
  const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

  def->id = g_strdup (id);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, TRUE, &def->name);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "description", FALSE, TRUE, &def->description);
  if (id == NULL)
    return;
  if (g_hash_table_contains (l->declared_options, id))
    /* Translators: %s is an option id. */
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The option “%s” is defined twice"), id);
  g_hash_table_add (l->declared_options, g_strdup (id));
}

static void
read_option_defs (KolLoader  *l,
                  JsonObject *game)
{
  JsonArray *options = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "options", FALSE);
  guint n = options != NULL ? json_array_get_length (options) : 0;

  l->title->option_defs = g_new0 (KolOptionDef, MAX (n, 1));
  l->title->n_option_defs = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.options", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (options, i), path);

      if (object != NULL)
        read_option_def (l, object, path, &l->title->option_defs[i]);
    }
}

static JsonObject *
find_option (KolLoader  *l,
             const char *id,
             char      **path_out)
{
  JsonArray *options = kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "options");

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonNode *node = json_array_get_element (options, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id_node = object ? json_object_get_member (object, "id") : NULL;

      if (kol_loader_holds (id_node, G_TYPE_STRING) && g_str_equal (json_node_get_string (id_node), id))
        {
          *path_out = kol_json_path_index ("$.options", i);
          return object;
        }
    }
  return NULL;
}

/* An option in effect must allow the player count, have what it requires
 * and nothing it excludes. */
static void
check_option_in_effect (KolLoader  *l,
                        const char *id)
{
  g_autofree char *path = NULL;
  JsonObject *object = find_option (l, id, &path);
  JsonArray *players;
  g_auto(GStrv) requires = NULL;
  g_auto(GStrv) excludes = NULL;

  if (object == NULL)
    {
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.options",
                          _("This title has no option “%s”"), id);
      return;
    }
  players = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "players", FALSE);
  if (players != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "players");

      if (!kol_loader_int_in_array (l, KOL_FILE_GAME, players, child, l->n_players))
        kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, child,
                            _("The option “%s” is not available with %d players"), id, l->n_players);
    }
  requires = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "requires");
  excludes = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "excludes");
  for (guint i = 0; requires[i] != NULL; i++)
    if (!kol_loader_has_option (l, requires[i]))
      /* Translators: both %s are option ids. */
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, path,
                          _("The option “%s” requires the option “%s”"), id, requires[i]);
  for (guint i = 0; excludes[i] != NULL; i++)
    if (kol_loader_has_option (l, excludes[i]))
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, path,
                          _("The option “%s” cannot be combined with the option “%s”"), id, excludes[i]);
}

/* Option ids named by "requires" and "excludes" must exist, whatever the
 * configuration. */
static void
check_option_references (KolLoader *l)
{
  JsonArray *options = kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "options");

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.options", i);
      JsonNode *node = json_array_get_element (options, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *keys[] = { "requires", "excludes" };

      for (guint k = 0; object != NULL && k < G_N_ELEMENTS (keys); k++)
        {
          g_auto(GStrv) ids = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, keys[k]);
          g_autofree char *child = kol_json_path_key (path, keys[k]);

          for (guint j = 0; ids[j] != NULL; j++)
            if (!g_hash_table_contains (l->declared_options, ids[j]))
              {
                g_autofree char *element = kol_json_path_index (child, j);
                kol_loader_invalid (l, KOL_FILE_GAME, element, _("“%s” is not an option of this title"), ids[j]);
              }
        }
    }
}


static void
read_header (KolLoader  *l,
             JsonObject *game)
{
  KolTitle *title = l->title;
  const char *s;

  kol_loader_check_schema (l, KOL_FILE_GAME, "koleya/game/1");
  title->id = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "id", TRUE));
  /* the id names the autosaves and the user's title folder */
  if (title->id != NULL && !kol_title_id_is_valid (title->id))
    kol_loader_invalid (l, KOL_FILE_GAME, "$.id",
                        _("The title id is not a plain name: use letters, digits, “-”, “_” and “.”, "
                          "not starting with “.”, at most 64 characters"));
  title->data_version = 1;
  kol_loader_int_member (l, KOL_FILE_GAME, game, "$", "data_version", FALSE, 1, G_MAXINT, &title->data_version);
  title->rules_module = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "rules_module", TRUE));
  title->module = kol_titles_lookup (title->rules_module);
  if (title->rules_module != NULL && title->module == NULL)
    {
      g_autofree char *allowed = NULL;
      GString *list = g_string_new (NULL);

      for (const char * const *id = kol_titles_ids (); *id != NULL; id++)
        g_string_append_printf (list, "%s“%s”", list->len ? ", " : "", *id);
      allowed = g_string_free (list, FALSE);
      /* Translators: the first %s is a name from the file, the second the
       * rules modules Koleya has: “1840”, “1849”, “standard”. */
      kol_loader_invalid (l, KOL_FILE_GAME, "$.rules_module",
                          _("No rules module is called “%s”, so the title cannot be played; allowed: %s"),
                          title->rules_module, allowed);
    }
  kol_loader_text_member (l, KOL_FILE_GAME, game, "$", "name", TRUE, FALSE, &title->name);
  if ((s = kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "designer", FALSE)) != NULL)
    title->designer = g_strdup (s);
  read_currency (l, game);
  read_players (l, game);
  read_option_defs (l, game);
  check_option_references (l);
  for (guint i = 0; i < title->options->len; i++)
    check_option_in_effect (l, g_ptr_array_index (title->options, i));
}

static void
read_by_players (KolLoader  *l,
                 JsonObject *game,
                 const char *key,
                 int        *out)
{
  JsonObject *table = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", key, TRUE);
  g_autofree char *path = kol_json_path_key ("$", key);
  g_autofree char *count = g_strdup_printf ("%d", l->n_players);
  g_autofree char *child = kol_json_path_key (path, count);
  JsonNode *node;

  if (table == NULL || !l->players_known)
    return;
  if ((node = json_object_get_member (table, count)) == NULL)
    {
      /* Translators: %s is a member name such as “starting_cash”. */
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("“%s” has no entry for %d players"), key, l->n_players);
      return;
    }
  kol_loader_selected_int (l, KOL_FILE_GAME, node, child, 0, KOL_LOADER_MAX_AMOUNT, out);
}

static void
read_money (KolLoader  *l,
            JsonObject *game)
{
  JsonNode *bank = kol_loader_member (l, KOL_FILE_GAME, game, "$", "bank", TRUE);

  if (kol_loader_holds (bank, G_TYPE_STRING) && g_str_equal (json_node_get_string (bank), "unlimited"))
    l->title->bank = -1;
  else if (bank != NULL)
    kol_loader_int (l, KOL_FILE_GAME, bank, "$.bank", 0, KOL_LOADER_MAX_AMOUNT, &l->title->bank);
  read_by_players (l, game, "starting_cash", &l->title->starting_cash);
  read_by_players (l, game, "cert_limit", &l->title->cert_limit);
}

static void
read_tile_colors (KolLoader  *l,
                  JsonObject *game)
{
  JsonArray *colors = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "tile_colors", TRUE);
  guint8 seen = 0;

  for (guint i = 0; colors != NULL && i < json_array_get_length (colors); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.tile_colors", i);
      KolColor color;

      if (!kol_loader_color (l, KOL_FILE_GAME, json_array_get_element (colors, i), path, &color))
        continue;
      if (seen & (1u << color))
        {
          kol_loader_invalid (l, KOL_FILE_GAME, path, _("This colour is listed twice"));
          continue;
        }
      seen |= (guint8) (1u << color);
      l->title->tile_colors[l->title->n_colors++] = (guint8) color;
    }
  if (colors != NULL && l->title->n_colors == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.tile_colors", _("The list must not be empty"));
}

static int
network_index (KolLoader  *l,
               const char *id)
{
  for (guint i = 0; i < l->networks->len; i++)
    if (g_str_equal (g_ptr_array_index (l->networks, i), id))
      return (int) i;
  if (l->networks->len >= 8)
    return -1;
  g_ptr_array_add (l->networks, g_strdup (id));
  return (int) l->networks->len - 1;
}

static gboolean
valid_track_id (const char *id)
{
  if (!g_ascii_islower (id[0]) || g_str_equal (id, "future"))
    return FALSE;
  for (const char *c = id; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

static void
read_track_type (KolLoader    *l,
                 JsonObject   *object,
                 const char   *path,
                 KolTrackType *track)
{
  static const char *const draws[] = { "solid", "narrow", "dual", "dotted", NULL };
  JsonArray *networks = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "networks", TRUE);
  g_autofree char *networks_path = kol_json_path_key (path, "networks");
  JsonNode *draw = json_object_get_member (object, "draw");

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, TRUE, &track->name);
  for (guint i = 0; networks != NULL && i < json_array_get_length (networks); i++)
    {
      g_autofree char *child = kol_json_path_index (networks_path, i);
      const char *id = kol_loader_string (l, KOL_FILE_GAME, json_array_get_element (networks, i), child);
      int index = id != NULL ? network_index (l, id) : -1;

      if (id != NULL && index < 0)
        kol_loader_invalid (l, KOL_FILE_GAME, child, _("A title may have at most 8 track networks"));
      else if (index >= 0)
        track->networks |= (guint8) (1u << index);
    }
  if (networks != NULL && track->networks == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, networks_path, _("The list must not be empty"));
  track->draw = g_strdup ("solid");
  if (draw != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "draw");
      int value = kol_loader_enum (l, KOL_FILE_GAME, draw, child, draws);

      if (value >= 0)
        {
          g_free (track->draw);
          track->draw = g_strdup (draws[value]);
        }
    }
}

static void
read_track_types (KolLoader  *l,
                  JsonObject *game)
{
  JsonObject *types = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "track_types", TRUE);
  g_autoptr(GList) members = types != NULL ? json_object_get_members (types) : NULL;

  if (types != NULL && members == NULL)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.track_types", _("A title needs at least one track type"));
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *path = kol_json_path_key ("$.track_types", m->data);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_object_get_member (types, m->data), path);
      KolTrackType *track;

      if (!valid_track_id (m->data))
        kol_loader_invalid (l, KOL_FILE_GAME, path,
                            _("A track type id is lower-case letters, digits and “_”, and not “future”"));
      if (l->title->n_track_types >= KOL_MAX_TRACK_TYPES)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, path, _("A title may have at most %d track types"),
                              KOL_MAX_TRACK_TYPES);
          return;
        }
      if (object == NULL)
        continue;
      track = &l->title->track_types[l->title->n_track_types++];
      track->id = g_strdup (m->data);
      read_track_type (l, object, path, track);
    }
}

/* ---- game.json: terms ---------------------------------------------------- */

/* "terms": the words the title's rulebook says its own way, for the views
 * (kol_game_word); each a translated text. */
static void
read_terms (KolLoader  *l,
            JsonObject *game)
{
  JsonObject *terms = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "terms", FALSE);
  g_autoptr(GList) members = terms != NULL ? json_object_get_members (terms) : NULL;
  guint n = g_list_length (members);

  l->title->terms = g_new0 (KolTermDef, MAX (n, 1));
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *path = kol_json_path_key ("$.terms", m->data);
      KolTermDef *term = &l->title->terms[l->title->n_terms];

      if (kol_loader_text (l, KOL_FILE_GAME, json_object_get_member (terms, m->data), path, TRUE,
                           &term->text))
        {
          term->id = g_strdup (m->data);
          l->title->n_terms++;
          continue;
        }
      /* a half-read text is not kept */
      g_clear_pointer (&term->text.en, g_free);
      g_clear_pointer (&term->text.ru, g_free);
    }
}

/* ---- game.json: market --------------------------------------------------- */

static guint8
cell_flag (char c)
{
  switch (c)
    {
    case 'p': return KOL_CELL_PAR;
    case 'e': return KOL_CELL_END;
    case 'c': return KOL_CELL_CLOSE;
    case 'u': return KOL_CELL_PHASE_ZONE;
    case 'z': return KOL_CELL_PAR_2;
    case 'x': return KOL_CELL_BLOCKED;
    default:  return 0;
    }
}

static void
read_market_cell (KolLoader     *l,
                  JsonNode      *node,
                  const char    *path,
                  KolMarketCell *cell)
{
  const char *text;
  guint64 price = 0;
  gsize digits = 0;

  if (!kol_loader_holds (node, G_TYPE_STRING))
    {
      kol_loader_wrong_type (l, KOL_FILE_GAME, node, path, _("a string"));
      return;
    }
  text = json_node_get_string (node);
  if (text == NULL || *text == '\0')
    return;
  while (g_ascii_isdigit (text[digits]))
    digits++;
  if (digits == 0 || digits > 7)
    {
      /* Translators: %s is a market cell such as “100p”. */
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("The market cell “%s” does not start with a price"), text);
      return;
    }
  for (gsize i = 0; i < digits; i++)
    price = price * 10 + (guint64) (text[i] - '0');
  cell->price = (int) price;
  cell->present = TRUE;
  for (const char *c = text + digits; *c != '\0'; c++)
    {
      if (cell_flag (*c) == 0)
        {
          /* Translators: %c is a letter after a market price. */
          kol_loader_invalid (l, KOL_FILE_GAME, path,
                              _("Unknown market flag “%c”; the flags are p, e, c, u, z and x"), *c);
          return;
        }
      cell->flags |= cell_flag (*c);
    }
}

static void
read_market_row (KolLoader  *l,
                 JsonArray  *row,
                 const char *path,
                 int         r)
{
  KolMarketDef *market = &l->title->market;
  guint n = json_array_get_length (row);

  if (n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("A market row must not be empty"));
  if (n > KOL_MAX_MARKET_COLS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("A market row may have at most %d cells"), KOL_MAX_MARKET_COLS);
      n = KOL_MAX_MARKET_COLS;
    }
  g_autoptr(GString) element = g_string_new (path);

  for (guint c = 0; c < n; c++)
    read_market_cell (l, json_array_get_element (row, c), kol_json_path_set_index (element, strlen (path), c),
                      &market->cells[r][c]);
  market->row_len[r] = (int) n;
  market->n_cols = MAX (market->n_cols, (int) n);
}

static gboolean
market_has_cell (const KolMarketDef *market,
                 int                 row,
                 int                 col)
{
  return row >= 0 && row < market->n_rows && col >= 0 && col < market->row_len[row]
         && market->cells[row][col].present;
}

static gboolean
market_has_price (const KolMarketDef *market,
                  int                 price)
{
  for (int r = 0; r < market->n_rows; r++)
    for (int c = 0; c < market->row_len[r]; c++)
      if (market->cells[r][c].present && market->cells[r][c].price == price)
        return TRUE;
  return FALSE;
}

/* Marks the cells @zone lists with @number (1-based), unless an earlier
 * zone listed them: the first listing wins, as the SVG market draws it. */
static void
read_zone_cells (KolLoader  *l,
                 JsonObject *zone,
                 const char *path,
                 guint8      number)
{
  JsonArray *cells = kol_loader_array_member (l, KOL_FILE_GAME, zone, path, "cells", FALSE);
  g_autofree char *cells_path = kol_json_path_key (path, "cells");

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      g_autofree char *child = kol_json_path_index (cells_path, i);
      JsonArray *pair = kol_loader_array (l, KOL_FILE_GAME, json_array_get_element (cells, i), child);
      g_autofree char *row_path = kol_json_path_index (child, 0);
      g_autofree char *col_path = kol_json_path_index (child, 1);
      int row = 0, col = 0;

      if (pair == NULL)
        continue;
      if (json_array_get_length (pair) != 2)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A cell is given as [row, column]"));
          continue;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (pair, 0), row_path, 0, KOL_MAX_MARKET_ROWS, &row)
          && kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (pair, 1), col_path, 0, KOL_MAX_MARKET_COLS, &col)
          && !market_has_cell (&l->title->market, row, col))
        kol_loader_invalid (l, KOL_FILE_GAME, child, _("The market has no cell at row %d, column %d"), row, col);
      else if (number > 0 && l->title->market.cells[row][col].zone == 0)
        l->title->market.cells[row][col].zone = number;
    }
}

/* Zones by flag colour the cells no zone lists. */
static void
mark_flag_zone (KolMarketDef *market,
                guint8        flags,
                guint8        number)
{
  for (int r = 0; r < market->n_rows; r++)
    for (int c = 0; c < market->row_len[r]; c++)
      if ((market->cells[r][c].flags & flags) != 0 && market->cells[r][c].zone == 0)
        market->cells[r][c].zone = number;
}

static void
read_zones (KolLoader  *l,
            JsonObject *market)
{
  JsonArray *zones = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "zones", FALSE);
  KolMarketDef *def = &l->title->market;
  guint8 zone_flags[KOL_MAX_MARKET_ZONES] = { 0 };

  for (guint i = 0; zones != NULL && i < json_array_get_length (zones); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.zones", i);
      JsonObject *zone = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (zones, i), path);
      const char *flag;
      KolText label = { NULL, NULL };

      if (zone == NULL)
        continue;
      flag = kol_loader_string_member (l, KOL_FILE_GAME, zone, path, "flag", FALSE);
      if (flag != NULL && (strlen (flag) != 1 || cell_flag (flag[0]) == 0))
        {
          g_autofree char *child = kol_json_path_key (path, "flag");
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("Unknown market flag “%s”; the flags are p, e, c, u, z and x"),
                              flag);
        }
      if (!json_object_has_member (zone, "flag") && !json_object_has_member (zone, "cells"))
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("A zone needs “flag” or “cells”"));
      kol_loader_text_member (l, KOL_FILE_GAME, zone, path, "label", FALSE, TRUE, &label);
      if (def->n_zones == KOL_MAX_MARKET_ZONES)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, path, _("A market has at most %d zones"), KOL_MAX_MARKET_ZONES);
          g_free (label.en);
          g_free (label.ru);
          continue;
        }
      def->zones[def->n_zones].color = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, zone, path, "color", FALSE));
      def->zones[def->n_zones].label = label;
      zone_flags[def->n_zones] = flag != NULL && strlen (flag) == 1 ? cell_flag (flag[0]) : 0;
      def->n_zones++;
      read_zone_cells (l, zone, path, def->n_zones);
    }
  for (int i = 0; i < def->n_zones; i++)
    if (zone_flags[i] != 0)
      mark_flag_zone (def, zone_flags[i], i + 1);
}

static void
read_par_list (KolLoader  *l,
               JsonObject *market)
{
  JsonArray *par = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "par", FALSE);

  for (guint i = 0; par != NULL && i < json_array_get_length (par); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.par", i);
      int price = 0;

      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (par, i), path, 0, KOL_LOADER_MAX_AMOUNT, &price)
          && !market_has_price (&l->title->market, price))
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("No market cell has the price %d"), price);
    }
}

static void
read_market (KolLoader  *l,
             JsonObject *game)
{
  static const char *const kinds[] = { "2d", "1d", NULL };
  JsonObject *market = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "market", TRUE);
  JsonArray *rows;
  JsonNode *kind;
  guint n;

  if (market == NULL)
    return;
  if ((kind = kol_loader_member (l, KOL_FILE_GAME, market, "$.market", "kind", TRUE)) != NULL)
    kol_loader_enum (l, KOL_FILE_GAME, kind, "$.market.kind", kinds);
  if ((rows = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "rows", TRUE)) == NULL)
    return;
  n = json_array_get_length (rows);
  if (n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.market.rows", _("The market needs at least one row"));
  if (n > KOL_MAX_MARKET_ROWS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.market.rows", _("The market may have at most %d rows"),
                          KOL_MAX_MARKET_ROWS);
      n = KOL_MAX_MARKET_ROWS;
    }
  for (guint r = 0; r < n; r++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.rows", r);
      JsonArray *row = kol_loader_array (l, KOL_FILE_GAME, json_array_get_element (rows, r), path);

      l->title->market.n_rows = (int) r + 1;
      if (row != NULL)
        read_market_row (l, row, path, (int) r);
    }
  read_par_list (l, market);
  read_zones (l, market);
}

/* ---- game.json: phases and trains --------------------------------------- */

static int
find_train_json (JsonArray  *trains,
                 const char *id)
{
  for (guint i = 0; trains != NULL && i < json_array_get_length (trains); i++)
    {
      JsonNode *node = json_array_get_element (trains, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id_node = object ? json_object_get_member (object, "id") : NULL;

      if (kol_loader_holds (id_node, G_TYPE_STRING) && g_str_equal (json_node_get_string (id_node), id))
        return (int) i;
    }
  return -1;
}

/* A reference to a train by id; -1 if absent (reported). */
static gint16
train_ref (KolLoader  *l,
           JsonObject *object,
           const char *path,
           const char *key)
{
  const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);
  int index;

  if (id == NULL)
    return -1;
  index = find_train_json (kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "trains"), id);
  if (index < 0 || index >= KOL_MAX_TRAIN_DEFS)
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a train id such as “4H”. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("There is no train “%s”"), id);
      return -1;
    }
  return (gint16) index;
}

static gint16
phase_ref (KolLoader  *l,
           JsonObject *object,
           const char *path,
           const char *key)
{
  const char *name = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);
  int index;

  if (name == NULL)
    return -1;
  if ((index = kol_title_phase_by_name (l->title, name)) < 0)
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a phase name such as “4H”. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("There is no phase “%s”"), name);
    }
  return (gint16) index;
}

static void
read_phase_colors (KolLoader   *l,
                   JsonObject  *object,
                   const char  *path,
                   KolPhaseDef *phase)
{
  JsonArray *tiles = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "tiles", TRUE);
  g_autofree char *tiles_path = kol_json_path_key (path, "tiles");

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      g_autofree char *child = kol_json_path_index (tiles_path, i);
      KolColor color;

      if (kol_loader_color (l, KOL_FILE_GAME, json_array_get_element (tiles, i), child, &color))
        phase->tiles |= (guint8) (1u << color);
    }
}

/* An event: an id, or {"id", "options", "players"} for an event that happens
 * only in some configurations. */
static void
read_event (KolLoader   *l,
            JsonNode    *node,
            const char  *path,
            KolPhaseDef *phase)
{
  JsonObject *object;
  const char *id;

  if (kol_loader_holds (node, G_TYPE_STRING))
    {
      if ((id = kol_loader_string (l, KOL_FILE_GAME, node, path)) != NULL)
        g_ptr_array_add (phase->events, g_strdup (id));
      return;
    }
  if ((object = kol_loader_object (l, KOL_FILE_GAME, node, path)) == NULL)
    return;
  id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);
  if (kol_loader_when (l, KOL_FILE_GAME, node, path) && id != NULL)
    g_ptr_array_add (phase->events, g_strdup (id));
}

static void
read_phase (KolLoader   *l,
            JsonObject  *object,
            const char  *path,
            KolPhaseDef *phase)
{
  JsonNode *limit = json_object_get_member (object, "train_limit");
  JsonArray *events = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "events", FALSE);
  g_autofree char *events_path = kol_json_path_key (path, "events");
  g_auto(GStrv) status = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "status");

  phase->on = train_ref (l, object, path, "on");
  read_phase_colors (l, object, path, phase);
  phase->train_limit = -1;
  if (limit != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "train_limit");
      kol_loader_selected_int (l, KOL_FILE_GAME, limit, child, 0, KOL_MAX_TRAINS, &phase->train_limit);
    }
  phase->operating_rounds = 1;
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "operating_rounds", FALSE, 0, 100,
                         &phase->operating_rounds);
  phase->status = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; status[i] != NULL; i++)
    g_ptr_array_add (phase->status, g_strdup (status[i]));
  phase->events = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; events != NULL && i < json_array_get_length (events); i++)
    {
      g_autofree char *child = kol_json_path_index (events_path, i);
      read_event (l, json_array_get_element (events, i), child, phase);
    }
}

/* Names first, so that trains' "available_on" and tiles' revenues by phase
 * can refer to any phase. */
static void
read_phase_names (KolLoader  *l,
                  JsonArray  *phases)
{
  guint length = json_array_get_length (phases);
  guint n = MIN (length, KOL_MAX_PHASES);

  if (json_array_get_length (phases) == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.phases", _("A title needs at least one phase"));
  if (json_array_get_length (phases) > KOL_MAX_PHASES)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.phases", _("A title may have at most %d phases"), KOL_MAX_PHASES);
  l->title->phases = g_new0 (KolPhaseDef, MAX (n, 1));
  l->title->n_phases = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.phases", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (phases, i), path);
      const char *name = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "name", TRUE);

      if (name != NULL && kol_title_phase_by_name (l->title, name) >= 0)
        /* Translators: %s is a phase name. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The phase “%s” is defined twice"), name);
      else if (name != NULL)
        l->title->phases[i].name = g_strdup (name);
      l->title->phases[i].on = -1;
    }
}

static void
read_phases (KolLoader  *l,
             JsonObject *game)
{
  JsonArray *phases = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "phases", TRUE);

  if (phases == NULL)
    return;
  read_phase_names (l, phases);
  for (guint i = 0; i < l->title->n_phases; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.phases", i);
      JsonNode *node = json_array_get_element (phases, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        read_phase (l, json_node_get_object (node), path, &l->title->phases[i]);
    }
}

static void
read_train_variants (KolLoader   *l,
                     JsonObject  *object,
                     const char  *path,
                     KolTrainDef *train)
{
  JsonArray *variants = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "variants", FALSE);
  g_autofree char *variants_path = kol_json_path_key (path, "variants");

  train->variants[0].name = g_strdup (train->name);
  train->variants[0].price = train->price;
  train->n_variants = 1;
  for (guint i = 0; variants != NULL && i < json_array_get_length (variants); i++)
    {
      g_autofree char *child = kol_json_path_index (variants_path, i);
      JsonObject *variant = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (variants, i), child);
      KolTrainVariant *out;

      if (variant == NULL)
        continue;
      if (train->n_variants >= KOL_MAX_TRAIN_VARIANTS)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A train may have at most %d variants besides itself"),
                              KOL_MAX_TRAIN_VARIANTS - 1);
          return;
        }
      out = &train->variants[train->n_variants++];
      out->name = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, variant, child, "name", TRUE));
      out->price = train->price;
      kol_loader_int_member (l, KOL_FILE_GAME, variant, child, "price", FALSE, 0, KOL_LOADER_MAX_AMOUNT, &out->price);
    }
}

static void
read_distance (KolLoader   *l,
               JsonObject  *object,
               const char  *path,
               KolTrainDef *train)
{
  JsonNode *node = kol_loader_member (l, KOL_FILE_GAME, object, path, "distance", TRUE);
  g_autofree char *child = kol_json_path_key (path, "distance");

  if (node == NULL)
    return;
  if (kol_loader_holds (node, G_TYPE_STRING) && g_str_equal (json_node_get_string (node), "unlimited"))
    train->distance = -1;
  else
    kol_loader_int (l, KOL_FILE_GAME, node, child, 0, 999, &train->distance);
}

static void
read_train (KolLoader   *l,
            JsonObject  *object,
            const char  *path,
            KolTrainDef *train)
{
  static const char *const known[] = {
    "id", "name", "distance", "price", "count", "rusts_on", "obsolete_on", "available_on", "variants", NULL
  };
  JsonNode *count = kol_loader_member (l, KOL_FILE_GAME, object, path, "count", TRUE);
  g_autofree char *count_path = kol_json_path_key (path, "count");
  KolText name = { NULL, NULL };

  if (kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", FALSE, FALSE, &name))
    train->name = g_strdup (name.en);
  else
    train->name = g_strdup (train->id);
  g_free (name.en);
  g_free (name.ru);
  read_distance (l, object, path, train);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "price", TRUE, 0, KOL_LOADER_MAX_AMOUNT, &train->price);
  if (count != NULL)
    kol_loader_count (l, KOL_FILE_GAME, count, count_path, KOL_MAX_TRAINS, &train->count);
  train->rusts_on = train_ref (l, object, path, "rusts_on");
  train->obsolete_on = train_ref (l, object, path, "obsolete_on");
  train->available_on = phase_ref (l, object, path, "available_on");
  read_train_variants (l, object, path, train);
  train->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
check_train_total (KolLoader *l)
{
  int total = 0;

  for (guint i = 0; i < l->title->n_trains; i++)
    total += MAX (l->title->trains[i].count, 1);
  if (total > KOL_MAX_TRAINS)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("Trains: %d, more than the engine's limit of %d"),
                        total, KOL_MAX_TRAINS);
}

static void
read_trains (KolLoader  *l,
             JsonObject *game)
{
  JsonArray *trains = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "trains", TRUE);
  guint n = trains != NULL ? json_array_get_length (trains) : 0;

  if (trains != NULL && n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("A title needs at least one train"));
  if (n > KOL_MAX_TRAIN_DEFS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("A title may have at most %d kinds of train"),
                          KOL_MAX_TRAIN_DEFS);
      n = KOL_MAX_TRAIN_DEFS;
    }
  l->title->trains = g_new0 (KolTrainDef, MAX (n, 1));
  l->title->n_trains = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.trains", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (trains, i), path);
      KolTrainDef *train = &l->title->trains[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      train->rusts_on = train->obsolete_on = train->available_on = -1;
      if (id != NULL && kol_title_train_by_id (l->title, id) >= 0)
        /* Translators: %s is a train id. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The train “%s” is defined twice"), id);
      train->id = g_strdup (id);
      if (object != NULL)
        read_train (l, object, path, train);
    }
  check_train_total (l);
}

/* ---- game.json: private companies and corporations ---------------------- */

static GVariant *
read_abilities (KolLoader  *l,
                JsonObject *object,
                const char *path)
{
  JsonArray *abilities = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "abilities", FALSE);
  g_autofree char *abilities_path = kol_json_path_key (path, "abilities");
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("av"));
  for (guint i = 0; abilities != NULL && i < json_array_get_length (abilities); i++)
    {
      g_autofree char *child = kol_json_path_index (abilities_path, i);
      g_autofree char *hexes_path = kol_json_path_key (child, "hexes");
      JsonNode *node = json_array_get_element (abilities, i);
      JsonObject *ability = kol_loader_object (l, KOL_FILE_GAME, node, child);
      JsonArray *hexes;
      KolText description = { NULL, NULL };
      g_autoptr(GVariant) value = NULL;

      if (ability == NULL)
        continue;
      kol_loader_string_member (l, KOL_FILE_GAME, ability, child, "type", TRUE);
      hexes = kol_loader_array_member (l, KOL_FILE_GAME, ability, child, "hexes", FALSE);
      for (guint h = 0; hexes != NULL && h < json_array_get_length (hexes); h++)
        {
          g_autofree char *hex_path = kol_json_path_index (hexes_path, h);
          kol_loader_hex_ref (l, KOL_FILE_GAME, json_array_get_element (hexes, h), hex_path);
        }
      kol_loader_text_member (l, KOL_FILE_GAME, ability, child, "description", FALSE, TRUE, &description);
      g_free (description.en);
      g_free (description.ru);
      if ((value = kol_loader_variant (l, KOL_FILE_GAME, node, child)) != NULL)
        g_variant_builder_add (&builder, "v", value);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static void
read_company (KolLoader     *l,
              JsonObject    *object,
              const char    *path,
              KolCompanyDef *company)
{
  static const char *const known[] = {
    "id", "name", "short", "value", "revenue", "description", "abilities", NULL
  };
  KolText short_name = { NULL, NULL };

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, FALSE, &company->name);
  if (kol_loader_text_member (l, KOL_FILE_GAME, object, path, "short", FALSE, FALSE, &short_name))
    company->short_name = g_strdup (short_name.en);
  g_free (short_name.en);
  g_free (short_name.ru);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "value", TRUE, 0, KOL_LOADER_MAX_AMOUNT, &company->value);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "revenue", TRUE, 0, KOL_LOADER_MAX_AMOUNT, &company->revenue);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "description", FALSE, TRUE, &company->description);
  company->abilities = read_abilities (l, object, path);
  company->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
read_companies (KolLoader  *l,
                JsonObject *game)
{
  JsonArray *privates = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "privates", FALSE);
  guint n = privates != NULL ? json_array_get_length (privates) : 0;

  if (n > KOL_MAX_COMPANIES)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.privates", _("A title may have at most %d private companies"),
                          KOL_MAX_COMPANIES);
      n = KOL_MAX_COMPANIES;
    }
  l->title->companies = g_new0 (KolCompanyDef, MAX (n, 1));
  l->title->n_companies = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.privates", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (privates, i), path);
      KolCompanyDef *company = &l->title->companies[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      if (id != NULL && kol_title_company_by_id (l->title, id) >= 0)
        /* Translators: %s is the id of a private company. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The private company “%s” is defined twice"), id);
      company->id = g_strdup (id);
      if (object != NULL)
        read_company (l, object, path, company);
    }
}

static gboolean
valid_rgb (const char *s)
{
  if (strlen (s) != 7 || s[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (s[i]))
      return FALSE;
  return TRUE;
}

static char *
read_rgb (KolLoader  *l,
          JsonObject *object,
          const char *path,
          const char *key)
{
  const char *s = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);

  if (s != NULL && !valid_rgb (s))
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a colour value from the file. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("“%s” is not a colour of the form #rrggbb"), s);
      return NULL;
    }
  return g_strdup (s);
}

static void
read_shares (KolLoader  *l,
             JsonObject *object,
             const char *path,
             KolCorpDef *corp)
{
  JsonArray *shares = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "shares", FALSE);
  g_autofree char *shares_path = kol_json_path_key (path, "shares");
  int total = 0;

  if (shares == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (shares); i++)
    {
      g_autofree char *child = kol_json_path_index (shares_path, i);
      int percent = 0;

      if (corp->n_shares >= G_N_ELEMENTS (corp->shares))
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A corporation may have at most %d certificates"),
                              (int) G_N_ELEMENTS (corp->shares));
          return;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (shares, i), child, 1, 100, &percent))
        {
          corp->shares[corp->n_shares++] = (guint8) percent;
          total += percent;
        }
    }
  if (total != 100)
    kol_loader_invalid (l, KOL_FILE_GAME, shares_path, _("The certificates add up to %d%%, not 100%%"), total);
}

static void
read_tokens (KolLoader  *l,
             JsonObject *object,
             const char *path,
             KolCorpDef *corp)
{
  JsonArray *tokens = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "tokens", FALSE);
  g_autofree char *tokens_path = kol_json_path_key (path, "tokens");

  for (guint i = 0; tokens != NULL && i < json_array_get_length (tokens); i++)
    {
      g_autofree char *child = kol_json_path_index (tokens_path, i);

      if (corp->n_tokens >= KOL_MAX_CORP_TOKENS)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A corporation may have at most %d station tokens"),
                              KOL_MAX_CORP_TOKENS);
          return;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (tokens, i), child, 0, KOL_LOADER_MAX_AMOUNT,
                          &corp->token_costs[corp->n_tokens]))
        corp->n_tokens++;
    }
}

/* The hex's preprinted tile must have city @city; @hex >= 0. */
static gboolean
check_city (KolLoader  *l,
            int         hex,
            int         city,
            const char *path)
{
  const KolTileDef *tile = &l->title->tiles[l->title->hexes[hex].tile];
  int n = kol_tile_n_cities (tile);

  if (city < n)
    return TRUE;
  if (n == 0)
    /* Translators: %s is a hex id. */
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The hex %s has no city"), l->title->hexes[hex].id);
  else
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The hex %s has no city %d (it has %d)"),
                        l->title->hexes[hex].id, city, n);
  return FALSE;
}

static void
read_home (KolLoader  *l,
           JsonObject *object,
           const char *path,
           KolCorpDef *corp)
{
  JsonNode *home = json_object_get_member (object, "home");
  g_autofree char *home_path = kol_json_path_key (path, "home");
  int city = 0;

  corp->home = -1;
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "home_city", FALSE, 0, KOL_MAX_NODES, &city);
  corp->home_city = (gint8) city;
  if (home == NULL)
    return;
  corp->home = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME, home, home_path);
  if (corp->home >= 0)
    check_city (l, corp->home, city, home_path);
}

static void
read_home_choices (KolLoader  *l,
                   JsonObject *object,
                   const char *path,
                   KolCorpDef *corp)
{
  JsonArray *choices = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "home_choices", FALSE);
  g_autofree char *choices_path = kol_json_path_key (path, "home_choices");

  if (choices == NULL)
    return;
  corp->home_choices = g_array_new (FALSE, FALSE, sizeof (gint16));
  for (guint i = 0; i < json_array_get_length (choices); i++)
    {
      g_autofree char *child = kol_json_path_index (choices_path, i);
      gint16 hex = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME, json_array_get_element (choices, i), child);

      if (hex >= 0 && check_city (l, hex, 0, child))
        g_array_append_val (corp->home_choices, hex);
    }
}

static void
read_initial_tokens (KolLoader  *l,
                     JsonObject *object,
                     const char *path,
                     KolCorpDef *corp)
{
  JsonArray *tokens = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "initial_tokens", FALSE);
  g_autofree char *tokens_path = kol_json_path_key (path, "initial_tokens");

  if (tokens == NULL)
    return;
  corp->initial_tokens = g_array_new (FALSE, TRUE, sizeof (KolInitialToken));
  for (guint i = 0; i < json_array_get_length (tokens); i++)
    {
      g_autofree char *child = kol_json_path_index (tokens_path, i);
      g_autofree char *when_path = kol_json_path_key (child, "when");
      g_autofree char *hex_path = kol_json_path_key (child, "hex");
      JsonObject *token = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (tokens, i), child);
      KolInitialToken out = { -1, 0, NULL };
      int city = 0;

      if (token == NULL)
        continue;
      kol_loader_int_member (l, KOL_FILE_GAME, token, child, "city", FALSE, 0, KOL_MAX_NODES, &city);
      out.city = (gint8) city;
      out.hex = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME,
                                             kol_loader_member (l, KOL_FILE_GAME, token, child, "hex", TRUE),
                                             hex_path);
      if (!kol_loader_when (l, KOL_FILE_GAME, json_object_get_member (token, "when"), when_path))
        continue;
      if (out.hex >= 0 && check_city (l, out.hex, city, hex_path))
        g_array_append_val (corp->initial_tokens, out);
    }
}

static void
read_corp (KolLoader  *l,
           JsonObject *object,
           const char *path,
           KolCorpDef *corp)
{
  static const char *const known[] = {
    "id", "name", "short", "type", "color", "text_color", "shares", "float_percent", "tokens",
    "token_fee", "home", "home_city", "home_choices", "initial_tokens", "par", NULL
  };

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, FALSE, &corp->name);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "short", FALSE, FALSE, &corp->short_name);
  corp->type = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, object, path, "type", TRUE));
  corp->color = read_rgb (l, object, path, "color");
  corp->text_color = read_rgb (l, object, path, "text_color");
  read_shares (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "float_percent", FALSE, 0, 100, &corp->float_percent);
  read_tokens (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "token_fee", FALSE, 0, KOL_LOADER_MAX_AMOUNT, &corp->token_fee);
  read_home (l, object, path, corp);
  read_home_choices (l, object, path, corp);
  read_initial_tokens (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "par", FALSE, 0, KOL_LOADER_MAX_AMOUNT, &corp->par);
  corp->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
check_certificate_total (KolLoader *l)
{
  int total = 0;

  for (guint i = 0; i < l->title->n_corps; i++)
    total += l->title->corps[i].n_shares;
  total += (int) l->title->n_companies;
  if (total > KOL_MAX_CERTS)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("Certificates: %d, more than the engine's limit of %d"),
                        total, KOL_MAX_CERTS);
}

static void
read_corps (KolLoader  *l,
            JsonObject *game)
{
  JsonArray *corps = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "corporations", TRUE);
  guint n = corps != NULL ? json_array_get_length (corps) : 0;

  if (corps != NULL && n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("A title needs at least one corporation"));
  if (n > KOL_MAX_CORPS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("A title may have at most %d corporations"),
                          KOL_MAX_CORPS);
      n = KOL_MAX_CORPS;
    }
  l->title->corps = g_new0 (KolCorpDef, MAX (n, 1));
  l->title->n_corps = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.corporations", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (corps, i), path);
      KolCorpDef *corp = &l->title->corps[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      corp->home = -1;
      if (id != NULL && kol_title_corp_by_id (l->title, id) >= 0)
        /* Translators: %s is a corporation id. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The corporation “%s” is defined twice"), id);
      corp->id = g_strdup (id);
      if (object != NULL)
        read_corp (l, object, path, corp);
    }
  check_certificate_total (l);
}

static void
read_rules (KolLoader  *l,
            JsonObject *game)
{
  JsonNode *rules = json_object_get_member (game, "rules");

  /* the same for every configuration: converted once per source */
  if (l->source->rules != NULL)
    {
      l->title->rules = g_variant_ref (l->source->rules);
      return;
    }
  if (rules != NULL && kol_loader_object (l, KOL_FILE_GAME, rules, "$.rules") != NULL)
    l->title->rules = kol_loader_variant (l, KOL_FILE_GAME, rules, "$.rules");
  if (l->title->rules == NULL)
    l->title->rules = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
  else
    l->source->rules = g_variant_ref (l->title->rules);
}

/* ---- entry points ---------------------------------------------------------- */

/**
 * kol_loader_read_game:
 *
 * Reads what the board refers to: metadata, the configuration, money,
 * colours, track types, market, phases and trains.
 */
void
kol_loader_read_game (KolLoader *l)
{
  JsonObject *game = l->files[KOL_FILE_GAME].root;

  read_header (l, game);
  read_money (l, game);
  read_tile_colors (l, game);
  read_track_types (l, game);
  read_terms (l, game);
  read_market (l, game);
  read_phases (l, game);
  read_trains (l, game);
}

/**
 * kol_loader_read_companies:
 *
 * Reads what refers to the board: private companies and corporations (their
 * hexes), and the rules dictionary.
 */
void
kol_loader_read_companies (KolLoader *l)
{
  JsonObject *game = l->files[KOL_FILE_GAME].root;

  read_companies (l, game);
  read_corps (l, game);
  read_rules (l, game);
}

/**
 * kol_title_loader_dup_rules_modules:
 *
 * Returns: (transfer full): the ids of the rules modules a game.json may
 *   name, for the editor
 */
GStrv
kol_title_loader_dup_rules_modules (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *id;

  for (guint i = 0; (id = kol_titles_nth_id (i)) != NULL; i++)
    g_strv_builder_add (builder, id);
  return g_strv_builder_end (builder);
}
