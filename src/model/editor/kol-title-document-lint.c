/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-board.h"
#include "kol-engine.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * Warnings about titles that load but would play wrong, for the editor's
 * validation (kol-title-document-check.c) and `koleya-cli validate`: a
 * city with no token slot, the same track twice on a tile, a town no tile
 * can ever be laid on, more homes in a city than it has slots, tiles that
 * upgrade into each other in a circle, and an upgrade that loses a track
 * type the old tile had. The checks of the files themselves read the
 * JSON; those about upgrades ask the engine, on the title as loaded for
 * one configuration.
 */

static KolLint *
lint_new (const char   *code,
          KolTitleFile  file,
          char         *path,
          char         *message)
{
  KolLint *lint = g_new0 (KolLint, 1);

  lint->code = code;
  lint->file = file;
  lint->path = path;
  lint->message = message;
  return lint;
}

void
_kol_lint_free (KolLint *lint)
{
  g_free (lint->path);
  g_free (lint->message);
  g_free (lint->hex);
  g_free (lint->tile);
  g_free (lint->corporation);
  g_free (lint);
}

/* ---- tile bodies in the files ----------------------------------------------------------- */

static char *
end_text (JsonNode *end)
{
  if (end == NULL || !JSON_NODE_HOLDS_VALUE (end))
    return g_strdup ("");
  if (json_node_get_value_type (end) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (end));
  return g_strdup (json_node_get_string (end));
}

static void
lint_nodes (GPtrArray    *out,
            KolTitleFile  file,
            const char   *body,
            JsonObject   *tile)
{
  JsonNode *node = json_object_get_member (tile, "nodes");
  JsonArray *nodes = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      JsonObject *city = json_array_get_object_element (nodes, i);
      JsonNode *slots = city != NULL ? json_object_get_member (city, "slots") : NULL;
      g_autofree char *item = NULL;

      if (g_strcmp0 (_kol_object_string (city, "kind"), "city") != 0 || slots == NULL
          || !JSON_NODE_HOLDS_VALUE (slots) || json_node_get_value_type (slots) != G_TYPE_INT64
          || json_node_get_int (slots) != 0)
        continue;
      item = g_strdup_printf ("%s.nodes[%u].slots", body, i);
      g_ptr_array_add (out, lint_new ("city-no-slots", file, g_steal_pointer (&item),
                                      g_strdup (_("A city with no token slot: no company can ever place a "
                                                  "station marker in it, and it is drawn with one"))));
    }
}

static gboolean
has_lanes (JsonObject *path)
{
  return json_object_has_member (path, "lanes") || json_object_has_member (path, "a_lane")
         || json_object_has_member (path, "b_lane");
}

/* Another piece before piece @index joins the same two ends (parallel
 * lanes are told apart by their lanes): each pair is reported once. */
static gboolean
same_as_earlier (JsonArray  *paths,
                 guint       index,
                 const char *a,
                 const char *b)
{
  if (has_lanes (json_array_get_object_element (paths, index)))
    return FALSE;
  for (guint j = 0; j < index; j++)
    {
      JsonObject *other = json_array_get_object_element (paths, j);
      g_autofree char *oa = NULL;
      g_autofree char *ob = NULL;

      if (other == NULL || has_lanes (other))
        continue;
      oa = end_text (json_object_get_member (other, "a"));
      ob = end_text (json_object_get_member (other, "b"));
      if ((g_str_equal (oa, a) && g_str_equal (ob, b)) || (g_str_equal (oa, b) && g_str_equal (ob, a)))
        return TRUE;
    }
  return FALSE;
}

static void
lint_paths (GPtrArray    *out,
            KolTitleFile  file,
            const char   *body,
            JsonObject   *tile)
{
  JsonNode *node = json_object_get_member (tile, "paths");
  JsonArray *paths = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; paths != NULL && i < json_array_get_length (paths); i++)
    {
      JsonObject *path = json_array_get_object_element (paths, i);
      g_autofree char *a = path != NULL ? end_text (json_object_get_member (path, "a")) : NULL;
      g_autofree char *b = path != NULL ? end_text (json_object_get_member (path, "b")) : NULL;

      if (path == NULL)
        continue;
      if (g_str_equal (a, b))
        g_ptr_array_add (out, lint_new ("same-edge-track", file, g_strdup_printf ("%s.paths[%u]", body, i),
                                        g_strdup (_("This track begins and ends at the same place"))));
      else if (same_as_earlier (paths, i, a, b))
        g_ptr_array_add (out, lint_new ("duplicate-track", file, g_strdup_printf ("%s.paths[%u]", body, i),
                                        g_strdup (_("The same track is on this tile twice"))));
    }
}

static void
lint_body (GPtrArray    *out,
           KolTitleFile  file,
           const char   *body,
           JsonNode     *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  lint_nodes (out, file, body, json_node_get_object (node));
  lint_paths (out, file, body, json_node_get_object (node));
}

/**
 * _kol_lint_files:
 * @doc: a document
 *
 * The checks of the tile bodies in the files, the same in every
 * configuration.
 *
 * Returns: (transfer full) (element-type KolLint): the warnings
 */
GPtrArray *
_kol_lint_files (KolTitleDocument *doc)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) _kol_lint_free);
  JsonArray *tiles = _kol_root_array (doc->roots[KOL_TITLE_FILE_TILES], "tiles");
  g_autoptr(GPtrArray) hexes = NULL;
  KolEdit edit;

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      g_autofree char *body = g_strdup_printf ("$.tiles[%u]", i);

      lint_body (out, KOL_TITLE_FILE_TILES, body, json_array_get_element (tiles, i));
    }
  _kol_edit_begin (&edit, doc);
  hexes = _kol_edit_all_hex_paths (&edit);
  for (guint i = 0; i < hexes->len; i++)
    {
      g_autofree char *body = g_strconcat (g_ptr_array_index (hexes, i), ".tile", NULL);

      lint_body (out, KOL_TITLE_FILE_MAP, body, _kol_edit_get (&edit, KOL_TITLE_FILE_MAP, body));
    }
  _kol_edit_clear (&edit);
  return out;
}

/* ---- upgrades, as the engine decides them --------------------------------------------------- */

static KolLint *
lint_about (const char *code,
            const char *hex,
            const char *tile,
            char       *message)
{
  KolLint *lint = lint_new (code, hex != NULL ? KOL_TITLE_FILE_MAP : KOL_TITLE_FILE_TILES, NULL, message);

  lint->hex = g_strdup (hex);
  lint->tile = g_strdup (tile);
  return lint;
}

/* Colours a tile can still be laid on: white, or any of the upgrade order
 * but the last. */
static gboolean
upgradable_color (const KolTitle *title,
                  int             color)
{
  if (color == KOL_COLOR_WHITE)
    return TRUE;
  for (guint i = 0; i + 1 < title->n_colors; i++)
    if (title->tile_colors[i] == color)
      return TRUE;
  return FALSE;
}

static void
lint_towns (GPtrArray       *out,
            const KolTitle  *title,
            KolEngine       *engine)
{
  for (guint h = 0; h < title->n_hexes; h++)
    {
      const KolHexDef *hex = &title->hexes[h];
      const KolTileDef *printed = &title->tiles[hex->tile];
      gboolean reached = FALSE;

      if (kol_tile_n_towns (printed) == 0 || !upgradable_color (title, hex->color))
        continue;
      for (guint t = 0; t < title->n_manifest_tiles && !reached; t++)
        reached = kol_board_upgrades_to (engine, (int) h, hex->tile, (int) t);
      if (!reached)
        g_ptr_array_add (out, lint_about ("town-never-upgraded", hex->id, NULL,
                                          g_strdup (_("No tile of the set can ever be laid on this town"))));
    }
}

/* A company whose city on its home hex is chosen later (1840's lines 1–3)
 * reserves the hex, not a city of it. */
static gboolean
city_chosen_later (const KolCorpDef *corp)
{
  g_autoptr(GVariant) choice = NULL;

  if (corp->extra == NULL || !g_variant_is_of_type (corp->extra, G_VARIANT_TYPE_VARDICT))
    return FALSE;
  choice = g_variant_lookup_value (corp->extra, "home_city_choice", NULL);
  while (choice != NULL && g_variant_is_of_type (choice, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (choice);

      g_variant_unref (choice);
      choice = inner;
    }
  return choice != NULL && g_variant_is_of_type (choice, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (choice);
}

static void
lint_homes (GPtrArray      *out,
            const KolTitle *title)
{
  for (guint c = 0; c < title->n_corps; c++)
    {
      const KolCorpDef *corp = &title->corps[c];
      const KolTileDef *tile;
      int node, sharing = 0;

      if (corp->home < 0 || city_chosen_later (corp))
        continue;
      tile = &title->tiles[title->hexes[corp->home].tile];
      node = kol_tile_city_node (tile, MAX (corp->home_city, 0));
      for (guint o = 0; o < c; o++)
        sharing += title->corps[o].home == corp->home && !city_chosen_later (&title->corps[o])
                   && MAX (title->corps[o].home_city, 0) == MAX (corp->home_city, 0);
      if (node >= 0 && sharing >= tile->nodes[node].slots)
        {
          KolLint *lint = lint_new ("shared-home", KOL_TITLE_FILE_GAME, NULL,
                                    g_strdup_printf (_("%s is the home of more companies than its city has "
                                                       "token slots"), title->hexes[corp->home].id));

          lint->corporation = g_strdup (corp->id);
          g_ptr_array_add (out, lint);
        }
    }
}

static guint8
networks_of (const KolTitle   *title,
             const KolTileDef *tile)
{
  guint8 networks = 0;

  for (guint p = 0; p < tile->n_paths; p++)
    if (tile->paths[p].track < title->n_track_types)
      networks |= title->track_types[tile->paths[p].track].networks;
  return networks;
}

/* The track types whose networks @lost holds, by id. */
static char *
lost_types (const KolTitle *title,
            guint8          lost)
{
  GString *out = g_string_new (NULL);

  for (guint t = 0; t < title->n_track_types; t++)
    if ((title->track_types[t].networks & lost) == title->track_types[t].networks)
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", title->track_types[t].id);
  return g_string_free (out, FALSE);
}

static void
lint_gauges (GPtrArray      *out,
             const KolTitle *title,
             const guint8   *upgrades)
{
  guint n = title->n_manifest_tiles;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        guint8 lost;

        if (!upgrades[i * n + j])
          continue;
        lost = networks_of (title, &title->tiles[i]) & ~networks_of (title, &title->tiles[j]);
        if (lost != 0)
          {
            g_autofree char *types = lost_types (title, lost);

            KolLint *lint;

            /* Translators: %1$s is a tile id, %2$s track type ids such as “narrow”. */
            g_ptr_array_add (out, lint = lint_about ("upgrade-drops-gauge", NULL, title->tiles[i].id,
                                              g_strdup_printf (_("The upgrade to tile %1$s loses this tile’s "
                                                                 "%2$s track"), title->tiles[j].id,
                                                               types[0] != '\0' ? types : "?")));
            lint->every = TRUE;
          }
      }
}

/* Depth first: a tile met again on the way is on a circle. */
static gboolean
on_cycle (const guint8 *upgrades,
          guint         n,
          guint         tile,
          guint8       *state)
{
  state[tile] = 1;
  for (guint j = 0; j < n; j++)
    if (upgrades[tile * n + j] && (state[j] == 1 || (state[j] == 0 && on_cycle (upgrades, n, j, state))))
      return TRUE;
  state[tile] = 2;
  return FALSE;
}

static void
lint_cycles (GPtrArray      *out,
             const KolTitle *title,
             const guint8   *upgrades)
{
  guint n = title->n_manifest_tiles;
  g_autofree guint8 *state = g_new0 (guint8, n + 1);

  for (guint i = 0; i < n; i++)
    {
      memset (state, 0, n);
      if (on_cycle (upgrades, n, i, state) && state[i] == 1)
        {
          KolLint *lint = lint_about ("upgrade-cycle", NULL, title->tiles[i].id,
                                      g_strdup (_("This tile upgrades, through others, back into itself")));

          lint->every = TRUE;
          g_ptr_array_add (out, lint);
        }
    }
}

/**
 * _kol_lint_title:
 * @title: the title as loaded for one configuration
 * @engine: a new game on it
 * @upgrades_too: whether to check the manifest's upgrades (the same in
 *   every configuration: once is enough)
 *
 * Returns: (transfer full) (element-type KolLint): the warnings
 */
GPtrArray *
_kol_lint_title (const KolTitle *title,
                 KolEngine      *engine,
                 gboolean        upgrades_too)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) _kol_lint_free);
  guint n = title->n_manifest_tiles;
  g_autofree guint8 *upgrades = NULL;

  lint_towns (out, title, engine);
  lint_homes (out, title);
  if (!upgrades_too)
    return out;
  upgrades = g_new0 (guint8, (gsize) n * n + 1);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      upgrades[i * n + j] = i != j && kol_board_upgrades_to (engine, -1, (int) i, (int) j);
  lint_gauges (out, title, upgrades);
  lint_cycles (out, title, upgrades);
  return out;
}
