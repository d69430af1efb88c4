/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-title-document-private.h"
#include "kol-title-loader.h"

/*
 * A title with a load error is still one to fix in the editor, and the
 * editor draws its tiles and its map from the engine's title. When the
 * document does not load, this loads as much of it as does: what of
 * game.json does not load is taken from the template for new titles (its
 * tile colours, track types and phases kept when they load), and the tiles
 * and hexes the loader reports are left out, with the upgrade lists that
 * name them. A few rounds settle it; the problems themselves are the
 * validation's to show.
 */

#define MAX_ROUNDS 5

typedef struct
{
  JsonNode  *roots[KOL_TITLE_N_FILES];
  GPtrArray *problems;       /* KolTitleProblem*, the last round's */
} Salvage;

static KolTitleFile
file_of (const char *name)
{
  if (name != NULL && g_str_has_suffix (name, KOL_TITLE_TILES_FILE))
    return KOL_TITLE_FILE_TILES;
  if (name != NULL && g_str_has_suffix (name, KOL_TITLE_MAP_FILE))
    return KOL_TITLE_FILE_MAP;
  return KOL_TITLE_FILE_GAME;
}

static GPtrArray *
validate (Salvage             *s,
          KolTitleDocument    *doc,
          int                 *n_players,
          const char * const  *options)
{
  char *texts[KOL_TITLE_N_FILES];
  gssize lengths[KOL_TITLE_N_FILES] = { -1, -1, -1 };
  g_autoptr(KolTitleSource) source = NULL;
  GPtrArray *problems;

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    texts[i] = json_to_string (s->roots[i], FALSE);
  source = kol_title_source_new_for_texts (kol_title_document_get_path (doc), (const char * const *) texts, lengths);
  /* pictures only: the stand-in game need not be one the rules can play */
  kol_title_source_set_board_only (source, TRUE);
  if (*n_players <= 0)
    {
      g_autoptr(GPtrArray) configs = kol_title_source_list_configurations (source, NULL);

      for (guint i = 0; configs != NULL && i < configs->len; i++)
        *n_players = MAX (*n_players, ((KolTitleConfig *) g_ptr_array_index (configs, i))->n_players);
    }
  problems = kol_title_source_validate (source, *n_players, options, NULL);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_free (texts[i]);
  return problems;
}

/* ---- game.json ------------------------------------------------------------------------ */

static gboolean
has_problem_under (GPtrArray    *problems,
                   KolTitleFile  file,
                   const char   *prefix)
{
  gsize len = strlen (prefix);

  for (guint i = 0; i < problems->len; i++)
    {
      const KolTitleProblem *p = g_ptr_array_index (problems, i);

      if (file_of (p->file) == file && p->path != NULL && strncmp (p->path, prefix, len) == 0
          && (p->path[len] == '\0' || p->path[len] == '.' || p->path[len] == '['))
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_problem_in (GPtrArray    *problems,
                KolTitleFile  file)
{
  for (guint i = 0; i < problems->len; i++)
    if (file_of (((const KolTitleProblem *) g_ptr_array_index (problems, i))->file) == file)
      return TRUE;
  return FALSE;
}

/* The template's game, with the parts of the document's that the tiles
 * and the map depend on, where they load; no homes and no private
 * companies (the template's name hexes this map may not have). */
static JsonNode *
stand_in_game (JsonNode  *game,
               GPtrArray *problems)
{
  g_autofree char *dir = kol_title_document_find_template ("blank");
  g_autofree char *path = dir != NULL ? g_build_filename (dir, KOL_TITLE_GAME_FILE, NULL) : NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  static const char * const kept[] = { "tile_colors", "track_types" };
  static const char * const with_trains[] = { "phases", "trains" };
  JsonObject *object, *from;
  JsonArray *corps;

  if (path == NULL || !json_parser_load_from_file (parser, path, NULL))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));
  from = JSON_NODE_HOLDS_OBJECT (game) ? json_node_get_object (game) : NULL;
  for (gsize i = 0; from != NULL && i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *prefix = g_strconcat ("$.", kept[i], NULL);

      if (json_object_has_member (from, kept[i]) && !has_problem_under (problems, KOL_TITLE_FILE_GAME, prefix))
        json_object_set_member (object, kept[i], json_node_copy (json_object_get_member (from, kept[i])));
    }
  /* the trains name the phases they come and go with: the title's own
   * phases only with its own trains */
  if (from != NULL && json_object_has_member (from, "phases") && json_object_has_member (from, "trains")
      && !has_problem_under (problems, KOL_TITLE_FILE_GAME, "$.phases")
      && !has_problem_under (problems, KOL_TITLE_FILE_GAME, "$.trains"))
    for (gsize i = 0; i < G_N_ELEMENTS (with_trains); i++)
      json_object_set_member (object, with_trains[i], json_node_copy (json_object_get_member (from, with_trains[i])));
  /* the template's private companies name hexes of its own map */
  json_object_remove_member (object, "privates");
  corps = json_object_has_member (object, "corporations") ? json_object_get_array_member (object, "corporations")
                                                          : NULL;
  for (guint i = 0; corps != NULL && i < json_array_get_length (corps); i++)
    json_object_remove_member (json_array_get_object_element (corps, i), "home");
  return json_node_copy (json_parser_get_root (parser));
}

/* ---- tiles and hexes -------------------------------------------------------------------- */

/* The indices of the items of @list ("$.tiles", "$.hexes") with problems. */
static GHashTable *
bad_items (GPtrArray    *problems,
           KolTitleFile  file,
           const char   *list)
{
  GHashTable *bad = g_hash_table_new (NULL, NULL);
  gsize len = strlen (list);

  for (guint i = 0; i < problems->len; i++)
    {
      const KolTitleProblem *p = g_ptr_array_index (problems, i);
      char *end;
      guint64 index;

      if (file_of (p->file) != file || p->path == NULL || strncmp (p->path, list, len) != 0
          || p->path[len] != '[')
        continue;
      index = g_ascii_strtoull (p->path + len + 1, &end, 10);
      if (*end == ']' && index < G_MAXUINT)
        g_hash_table_add (bad, GUINT_TO_POINTER ((guint) index + 1));
    }
  return bad;
}

static const char *
id_of (JsonNode *node)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;

  return object != NULL && json_object_has_member (object, "id")
         ? json_node_get_string (json_object_get_member (object, "id")) : NULL;
}

/* @array without the elements listed in @bad; their ids go into @gone. */
static JsonArray *
without (JsonArray  *array,
         GHashTable *bad,
         GHashTable *gone)
{
  JsonArray *kept = json_array_new ();

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!g_hash_table_contains (bad, GUINT_TO_POINTER (i + 1)))
        json_array_add_element (kept, json_node_copy (element));
      else if (id_of (element) != NULL)
        g_hash_table_add (gone, g_strdup (id_of (element)));
    }
  return kept;
}

/* Upgrade lists no longer name the tiles left out. */
static void
forget_ids (JsonArray  *tiles,
            GHashTable *gone)
{
  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      JsonArray *list = tile != NULL && json_object_has_member (tile, "upgrades_to")
                        ? json_object_get_array_member (tile, "upgrades_to") : NULL;

      for (guint k = list != NULL ? json_array_get_length (list) : 0; k > 0; k--)
        if (g_hash_table_contains (gone, json_array_get_string_element (list, k - 1)))
          json_array_remove_element (list, k - 1);
    }
}

static void
prune_list (JsonNode     *root,
            const char   *key,
            GPtrArray    *problems,
            KolTitleFile  file,
            GHashTable   *gone)
{
  g_autofree char *list = g_strconcat ("$.", key, NULL);
  g_autoptr(GHashTable) bad = bad_items (problems, file, list);
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *array = object != NULL && json_object_has_member (object, key)
                     ? json_object_get_array_member (object, key) : NULL;

  if (array == NULL || g_hash_table_size (bad) == 0)
    return;
  json_object_set_array_member (object, key, without (array, bad, gone));
}

/* ---- the whole salvage ------------------------------------------------------------------ */

static void
one_round (Salvage *s)
{
  g_autoptr(GHashTable) gone = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonObject *map = json_node_get_object (s->roots[KOL_TITLE_FILE_MAP]);

  if (has_problem_in (s->problems, KOL_TITLE_FILE_GAME))
    {
      JsonNode *game = stand_in_game (s->roots[KOL_TITLE_FILE_GAME], s->problems);

      if (game != NULL)
        {
          json_node_unref (s->roots[KOL_TITLE_FILE_GAME]);
          s->roots[KOL_TITLE_FILE_GAME] = game;
        }
    }
  prune_list (s->roots[KOL_TITLE_FILE_TILES], "tiles", s->problems, KOL_TITLE_FILE_TILES, gone);
  prune_list (s->roots[KOL_TITLE_FILE_MAP], "hexes", s->problems, KOL_TITLE_FILE_MAP, gone);
  forget_ids (json_object_has_member (json_node_get_object (s->roots[KOL_TITLE_FILE_TILES]), "tiles")
              ? json_object_get_array_member (json_node_get_object (s->roots[KOL_TITLE_FILE_TILES]), "tiles")
              : NULL, gone);
  if (has_problem_under (s->problems, KOL_TITLE_FILE_MAP, "$.variants"))
    json_object_remove_member (map, "variants");
}

/**
 * kol_title_document_load_salvaged:
 * @self: a document
 * @n_players: a player count, or 0 for the most the title allows
 * @options: (nullable) (array zero-terminated=1): the options in effect
 * @error: return location for the error that stops even that
 *
 * Loads the title as kol_title_document_load_title() does or, when it
 * does not load, as much of it as does (see the top of this file), for
 * the editor's pictures.
 *
 * Returns: (transfer full) (nullable): the engine's title
 */
KolTitle *
kol_title_document_load_salvaged (KolTitleDocument   *self,
                                  int                 n_players,
                                  const char * const *options,
                                  GError            **error)
{
  Salvage s = { { NULL, NULL, NULL }, NULL };
  KolTitle *title = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  /* deep copies: json_node_copy() shares the objects inside, which are the
   * document's and its undo history's */
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *text = json_to_string (kol_title_document_get_root (self, i), FALSE);

      s.roots[i] = json_from_string (text, NULL);
    }
  for (int round = 0; round < MAX_ROUNDS; round++)
    {
      g_clear_pointer (&s.problems, g_ptr_array_unref);
      s.problems = validate (&s, self, &n_players, options);
      if (s.problems->len == 0)
        break;
      one_round (&s);
    }
  if (s.problems->len == 0)
    {
      char *texts[KOL_TITLE_N_FILES];
      gssize lengths[KOL_TITLE_N_FILES] = { -1, -1, -1 };
      g_autoptr(KolTitleSource) source = NULL;

      for (int i = 0; i < KOL_TITLE_N_FILES; i++)
        texts[i] = json_to_string (s.roots[i], FALSE);
      source = kol_title_source_new_for_texts (kol_title_document_get_path (self), (const char * const *) texts,
                                               lengths);
      kol_title_source_set_board_only (source, TRUE);
      title = kol_title_source_load (source, n_players, options, error);
      for (int i = 0; i < KOL_TITLE_N_FILES; i++)
        g_free (texts[i]);
    }
  else
    g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                         _("Too much of the title is wrong to draw it"));
  g_ptr_array_unref (s.problems);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    json_node_unref (s.roots[i]);
  return title;
}
