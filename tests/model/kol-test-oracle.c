/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-state-dump.h"
#include "kol-test-oracle.h"

/**
 * kol_oracle_read_lines:
 * @path: a gzip-compressed JSON Lines file
 *
 * Returns: (transfer full) (nullable): its lines, parsed (JsonNode*).
 */
GPtrArray *
kol_oracle_read_lines (const char  *path,
                       GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) raw = g_file_read (file, NULL, error);
  g_autoptr(GConverter) gunzip = NULL;
  g_autoptr(GInputStream) plain = NULL;
  g_autoptr(GDataInputStream) data = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  char *line;

  if (raw == NULL)
    return NULL;
  gunzip = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
  plain = g_converter_input_stream_new (G_INPUT_STREAM (raw), gunzip);
  data = g_data_input_stream_new (plain);
  while ((line = g_data_input_stream_read_line_utf8 (data, NULL, NULL, error)) != NULL)
    {
      g_autofree char *owned = line;
      JsonNode *node = json_from_string (owned, error);

      if (node == NULL)
        return NULL;
      g_ptr_array_add (lines, node);
    }
  if (error && *error)
    return NULL;
  return g_steal_pointer (&lines);
}

/**
 * kol_oracle_new:
 *
 * Returns: (transfer full) (nullable): the oracle of @path.
 */
KolOracle *
kol_oracle_new (const char  *path,
                GError     **error)
{
  GPtrArray *lines = kol_oracle_read_lines (path, error);
  KolOracle *oracle;

  if (lines == NULL)
    return NULL;
  oracle = g_new0 (KolOracle, 1);
  oracle->lines = lines;
  oracle->tiles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  oracle->total = lines->len >= 2 ? lines->len - 2 : 0;
  return oracle;
}

void
kol_oracle_free (KolOracle *oracle)
{
  if (oracle == NULL)
    return;
  g_ptr_array_unref (oracle->lines);
  g_hash_table_unref (oracle->tiles);
  g_free (oracle->divergence);
  g_free (oracle);
}

static const char *
line_string (JsonNode   *line,
             const char *key)
{
  JsonNode *n = json_object_get_member (json_node_get_object (line), key);

  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : "";
}

static gint64
line_int (JsonNode   *line,
          const char *key)
{
  JsonNode *n = json_object_get_member (json_node_get_object (line), key);

  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
         ? json_node_get_int (n) : -1;
}

/* All the money in the game: it is only ever moved (18xx.games'
 * fixtures_spec checks the same). */
static gint64
money (KolEngine *engine)
{
  gint64 total = engine->bank;

  for (int i = 0; i < engine->n_players; i++)
    total += engine->players[i].cash;
  for (int i = 0; i < engine->n_corps; i++)
    total += engine->corps[i].cash;
  return total;
}

/* Compares @engine with @line (state and tiles); on a mismatch sets the
 * divergence. */
static gboolean
compare (KolOracle  *oracle,
         KolEngine  *engine,
         JsonNode   *line,
         const char *where)
{
  g_autoptr(JsonNode) dump = kol_state_dump (engine, KOL_STATE_DUMP_TILES);
  KolStateMismatch state, tiles;
  gboolean state_ok, tiles_ok;

  kol_state_update_tiles (oracle->tiles, line);
  state_ok = kol_state_compare (line, dump, &state);
  tiles_ok = kol_state_compare_tiles (oracle->tiles, dump, &tiles);
  if (!state_ok)
    oracle->divergence = g_strdup_printf ("%s: %s expected %s, got %s%s%s%s%s", where, state.field,
                                          state.expected, state.actual,
                                          tiles_ok ? "" : "; ", tiles_ok ? "" : tiles.field,
                                          tiles_ok ? "" : ": expected ", tiles_ok ? "" : tiles.expected);
  else if (!tiles_ok)
    oracle->divergence = g_strdup_printf ("%s: %s expected %s, got %s", where, tiles.field,
                                          tiles.expected, tiles.actual);
  kol_state_mismatch_clear (&state);
  kol_state_mismatch_clear (&tiles);
  return state_ok && tiles_ok;
}

/**
 * kol_oracle_check_init:
 *
 * Compares the state before the first action with line 0.
 *
 * Returns: %TRUE if it matches.
 */
gboolean
kol_oracle_check_init (KolOracle *oracle,
                       KolEngine *initial)
{
  if (oracle->init_checked)
    return oracle->init_ok;
  oracle->init_checked = TRUE;
  if (oracle->lines->len == 0)
    {
      oracle->divergence = g_strdup ("the oracle is empty");
      return FALSE;
    }
  oracle->init_ok = compare (oracle, initial, g_ptr_array_index (oracle->lines, 0), "seq 0 (setup)");
  oracle->money = money (initial);
  return oracle->init_ok;
}

/**
 * kol_oracle_check_step:
 *
 * A #KolRecordStepFunc: compares the state after action @seq with its line.
 *
 * Returns: %FALSE at the first mismatch (which stops the replay).
 */
gboolean
kol_oracle_check_step (KolHistory            *history,
                       guint                  seq,
                       const KolRecordAction *action,
                       gpointer               data)
{
  KolOracle *oracle = data;
  JsonNode *line;
  JsonNode *id = json_object_get_member (json_node_get_object (action->node), "id");
  g_autofree char *id_text = id ? json_to_string (id, FALSE) : g_strdup ("none");
  g_autofree char *where = NULL;

  if (!oracle->init_checked && !kol_oracle_check_init (oracle, kol_history_get_initial_game (history)))
    return FALSE;
  if (seq >= oracle->lines->len)
    {
      oracle->divergence = g_strdup_printf ("seq %u: the oracle has no line for it", seq);
      return FALSE;
    }
  line = g_ptr_array_index (oracle->lines, seq);
  where = g_strdup_printf ("seq %u (id %s, %s, $.actions[%u])", seq, id_text,
                           line_string (line, "type"), action->index);
  /* the undo filtering must keep the same actions as the reference */
  if (line_int (line, "i") != (gint64) action->index)
    {
      oracle->divergence = g_strdup_printf ("%s: the oracle processed $.actions[%" G_GINT64_FORMAT "] here",
                                            where, line_int (line, "i"));
      return FALSE;
    }
  if (!compare (oracle, kol_history_get_game (history), line, where))
    return FALSE;
  if (money (kol_history_get_game (history)) != oracle->money)
    {
      oracle->divergence = g_strdup_printf ("%s: the money in the game changed from %" G_GINT64_FORMAT
                                            " to %" G_GINT64_FORMAT, where, oracle->money,
                                            money (kol_history_get_game (history)));
      return FALSE;
    }
  oracle->matched = seq;
  return TRUE;
}

/**
 * kol_oracle_end_line:
 *
 * Returns: (transfer none) (nullable): the `_end` line.
 */
JsonNode *
kol_oracle_end_line (KolOracle *oracle)
{
  JsonNode *last;

  if (oracle->lines->len == 0)
    return NULL;
  last = g_ptr_array_index (oracle->lines, oracle->lines->len - 1);
  return g_str_equal (line_string (last, "type"), "_end") ? last : NULL;
}
