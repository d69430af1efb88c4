/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-action-json.h"
#include "kol-display-text.h"
#include "kol-engine-round.h"
#include "kol-engine-route.h"
#include "kol-game-words.h"
#include "kol-json-scan.h"
#include "kol-record-import.h"
#include "kol-refusal-format.h"
#include "kol-state-dump.h"
#include "kol-title-loader.h"

/**
 * SECTION:kol-record-import
 *
 * Import of games recorded on 18xx.games: the actions an undo took back are
 * filtered out, and the random draws are seeded as 18xx.games seeds them,
 * as ../shared/reference/18xx-games-format.md §2 and §4.2 describe.
 */

G_DEFINE_QUARK (kol-record-import-error-quark, kol_record_import_error)

/* Real records have a few thousand actions at most; the bounds keep a
 * hostile file from making the undo filtering quadratic. */
#define MAX_RECORD_ACTIONS 200000
#define MAX_FILTER_WORK 20000000
/* The engine before commit 7959e35c6 (2023-12-31) seeded from the game id. */
#define SETTINGS_SEED_SINCE G_GINT64_CONSTANT (1704067200)
#define MAX_NAME_BYTES 63

static gboolean
record_error (GError    **error,
              int         code,
              const char *format,
              ...) G_GNUC_PRINTF (3, 4);

static gboolean
record_error (GError    **error,
              int         code,
              const char *format,
              ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (KOL_RECORD_IMPORT_ERROR, code, format, ap));
  va_end (ap);
  return FALSE;
}

/* ----------------------------------------------------------------- record */

/**
 * kol_record_free:
 *
 * Frees a record.
 */
void
kol_record_free (KolRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->title_id);
  g_free (record->game_id);
  for (int i = 0; i < KOL_MAX_PLAYERS; i++)
    g_free (record->player_names[i]);
  g_clear_pointer (&record->options, g_ptr_array_unref);
  g_clear_pointer (&record->kept, g_array_unref);
  g_clear_pointer (&record->result, json_node_unref);
  g_free (record->end_reason);
  g_clear_pointer (&record->notes, g_ptr_array_unref);
  g_clear_pointer (&record->root, json_node_unref);
  g_clear_pointer (&record->bytes, g_bytes_unref);
  g_free (record);
}

static JsonNode *
member (JsonObject *o,
        const char *name)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;

  return n && !JSON_NODE_HOLDS_NULL (n) ? n : NULL;
}

static gboolean
is_int (JsonNode *n)
{
  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64;
}

static gboolean
is_string (JsonNode *n)
{
  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING;
}

/**
 * kol_record_is_record:
 *
 * Returns: %TRUE if @root has the members of an 18xx.games record.
 */
gboolean
kol_record_is_record (JsonNode *root)
{
  JsonObject *o;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  o = json_node_get_object (root);
  return member (o, "title") && member (o, "players") && member (o, "actions");
}

/* A name cut to what KolPlayer keeps, at a character boundary. */
static char *
clip_name (const char *name)
{
  const char *end = name + strlen (name);

  if (!g_utf8_validate (name, -1, NULL))
    return g_utf8_make_valid (name, -1);
  while (end - name > MAX_NAME_BYTES)
    end = g_utf8_find_prev_char (name, end);
  return g_strndup (name, (gsize) (end - name));
}

static gboolean
parse_player_id (JsonNode *n,
                 gint64   *out)
{
  if (is_int (n))
    *out = json_node_get_int (n);
  else if (!is_string (n) ||
           !g_ascii_string_to_signed (json_node_get_string (n), 10, G_MININT, G_MAXINT, out, NULL))
    return FALSE;
  return *out >= G_MININT && *out <= G_MAXINT;
}

static gboolean
parse_players (KolRecord  *r,
               JsonObject *root,
               GError    **error)
{
  JsonArray *players = json_node_get_array (member (root, "players"));
  guint n = json_array_get_length (players);

  if (n < 1 || n > KOL_MAX_PLAYERS)
    /* Translators: %u is a number of players. */
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID,
                         _("The record has %u players; Koleya plays with 1 to %d."), n, KOL_MAX_PLAYERS);
  r->n_players = (int) n;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *p = json_array_get_element (players, i);
      JsonNode *name;
      gint64 id;

      if (!JSON_NODE_HOLDS_OBJECT (p) || !parse_player_id (member (json_node_get_object (p), "id"), &id))
        /* Translators: %u is the position of a player in the record's list. */
        return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID,
                             _("Player %u of the record has no valid id."), i + 1);
      for (guint j = 0; j < i; j++)
        if (r->player_ids[j] == id)
          return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID,
                               _("Player %u of the record has the same id as another."), i + 1);
      r->player_ids[i] = (int) id;
      name = member (json_node_get_object (p), "name");
      r->player_names[i] = is_string (name) ? clip_name (json_node_get_string (name))
                                            : g_strdup_printf ("%" G_GINT64_FORMAT, id);
    }
  return TRUE;
}

/* The first run of digits of the game id, which older records seed their
 * draws with (18xx-games-format.md §4.2). Too
 * long a run is kept modulo 2^31, which is all the generator uses. */
static void
parse_game_id (KolRecord  *r,
               JsonObject *root)
{
  JsonNode *id = member (root, "id");
  const char *s;

  if (is_int (id))
    r->game_id = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (id));
  else if (is_string (id))
    r->game_id = g_strdup (json_node_get_string (id));
  else
    r->game_id = g_strdup ("");
  for (s = r->game_id; *s && !g_ascii_isdigit (*s); s++)
    ;
  if (*s == '\0')
    return;
  r->has_id_seed = TRUE;
  for (gboolean exact = TRUE; g_ascii_isdigit (*s); s++)
    {
      int digit = *s - '0';

      if (exact && r->id_seed > (G_MAXINT64 - digit) / 10)
        {
          exact = FALSE;
          r->id_seed %= G_GINT64_CONSTANT (2147483648);
        }
      r->id_seed = exact ? r->id_seed * 10 + digit
                         : (r->id_seed * 10 + digit) % G_GINT64_CONSTANT (2147483648);
    }
}

static gboolean
parse_settings (KolRecord  *r,
                JsonObject *root,
                GError    **error)
{
  JsonNode *settings = member (root, "settings");
  JsonObject *s;
  JsonNode *seed, *rules;

  r->options = g_ptr_array_new_with_free_func (g_free);
  if (settings == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (settings))
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                         _("The record's settings are not an object."));
  s = json_node_get_object (settings);
  seed = member (s, "seed");
  if (is_int (seed))
    {
      r->has_settings_seed = TRUE;
      r->settings_seed = json_node_get_int (seed);
    }
  else if (is_string (seed) && json_node_get_string (seed)[0] != '\0')
    {
      if (!g_ascii_string_to_signed (json_node_get_string (seed), 10, G_MININT64, G_MAXINT64,
                                     &r->settings_seed, NULL))
        return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                             _("The record's seed is not a number."));
      r->has_settings_seed = TRUE;
    }
  else if (seed && !is_string (seed))
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                         _("The record's seed is not a number."));
  rules = member (s, "optional_rules");
  if (rules == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (rules))
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                         _("The record's optional rules are not a list."));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (rules)); i++)
    {
      JsonNode *rule = json_array_get_element (json_node_get_array (rules), i);

      if (!is_string (rule))
        return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                             _("The record's optional rules are not a list of names."));
      if (!g_ptr_array_find_with_equal_func (r->options, json_node_get_string (rule), g_str_equal, NULL))
        g_ptr_array_add (r->options, g_strdup (json_node_get_string (rule)));
    }
  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static const char *
action_type (JsonNode *action)
{
  JsonNode *type = JSON_NODE_HOLDS_OBJECT (action) ? member (json_node_get_object (action), "type") : NULL;

  return is_string (type) ? json_node_get_string (type) : NULL;
}

/* Index of the first action whose id is @id, for undos that name one. */
static GHashTable *
index_ids (JsonArray *actions)
{
  GHashTable *ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonNode *a = json_array_get_element (actions, i);
      JsonNode *id = JSON_NODE_HOLDS_OBJECT (a) ? member (json_node_get_object (a), "id") : NULL;

      if (is_int (id) && !g_hash_table_contains (ids, &(gint64) { json_node_get_int (id) }))
        g_hash_table_insert (ids, g_memdup2 (&(gint64) { json_node_get_int (id) }, sizeof (gint64)),
                             GUINT_TO_POINTER (i + 1));
    }
  return ids;
}

typedef struct
{
  JsonArray  *actions;
  gboolean   *kept;      /* per raw index */
  GArray     *stack;     /* guint: kept non-message indices, increasing */
  GPtrArray  *undos;     /* GArray* of guint: dropped groups */
  GHashTable *ids;
  guint64     work;
} Filter;

/* Where the action at @i is, for a message: its JSON path only for
 * developers (--verbose). */
static char *
action_place (guint i)
{
  if (kol_display_get_verbose ())
    return g_strdup_printf ("$.actions[%u]", i);
  /* Translators: where an action is in a record: "action 12 of the file";
   * it follows "at" in the messages below. */
  return g_strdup_printf (_("action %u of the file"), i + 1);
}

/* Where an undo goes back to: the actions after it are not part of the game. */
static gboolean
undo_target (Filter  *f,
             guint    i,
             guint   *undo_to,
             GError **error)
{
  JsonNode *target = member (json_node_get_object (json_array_get_element (f->actions, i)), "action_id");
  g_autofree char *place = action_place (i);
  gpointer found;

  if (target == NULL)
    {
      *undo_to = f->stack->len ? g_array_index (f->stack, guint, f->stack->len - 1) : 0;
      return TRUE;
    }
  if (!is_int (target))
    /* Translators: %s is where the undo is: "action 12 of the file". */
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, _("The undo at %s names no action."), place);
  if (json_node_get_int (target) == 0)
    {
      *undo_to = 0;
      return TRUE;
    }
  found = g_hash_table_lookup (f->ids, &(gint64) { json_node_get_int (target) });
  if (found == NULL)
    /* Translators: %s is where the undo is: "action 12 of the file". */
    return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID,
                         _("The undo at %s goes back to an action the record does not have."), place);
  *undo_to = GPOINTER_TO_UINT (found);   /* index + 1 */
  return TRUE;
}

static gboolean
filter_undo (Filter  *f,
             guint    i,
             GError **error)
{
  GArray *group = g_array_new (FALSE, FALSE, sizeof (guint));
  guint undo_to = 0;

  if (!undo_target (f, i, &undo_to, error))
    {
      g_array_unref (group);
      return FALSE;
    }
  /* the kept non-message actions from undo_to on are a suffix of the stack */
  while (f->stack->len > 0 && g_array_index (f->stack, guint, f->stack->len - 1) >= undo_to)
    {
      guint j = g_array_index (f->stack, guint, f->stack->len - 1);

      g_array_append_val (group, j);   /* decreasing */
      f->kept[j] = FALSE;
      g_array_set_size (f->stack, f->stack->len - 1);
      f->work++;
    }
  g_ptr_array_add (f->undos, group);
  return TRUE;
}

static gboolean
filter_redo (Filter  *f,
             guint    i,
             GError **error)
{
  GArray *group;

  if (f->undos->len == 0)
    {
      g_autofree char *place = action_place (i);

      /* Translators: %s is where the redo is: "action 12 of the file". */
      return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, _("The redo at %s has nothing to redo."),
                           place);
    }
  group = g_ptr_array_steal_index (f->undos, f->undos->len - 1);
  for (guint k = group->len; k-- > 0;)
    {
      guint j = g_array_index (group, guint, k);

      f->kept[j] = TRUE;
      g_array_append_val (f->stack, j);
    }
  f->work += group->len;
  g_array_unref (group);
  return TRUE;
}

static gboolean
filter_actions (KolRecord *r,
                JsonArray *actions,
                GError   **error)
{
  guint n = json_array_get_length (actions);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GHashTable) ids = index_ids (actions);
  g_autofree gboolean *kept = g_new0 (gboolean, MAX (n, 1));
  Filter f = { actions, kept, stack, undos, ids, 0 };

  for (guint i = 0; i < n; i++)
    {
      const char *type = action_type (json_array_get_element (actions, i));

      if (type == NULL)
        {
          g_autofree char *place = action_place (i);

          /* Translators: %s is where the action is: "action 12 of the file". */
          return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, _("The action at %s has no type."),
                               place);
        }
      if (g_str_equal (type, "undo"))
        {
          r->n_undo++;
          if (!filter_undo (&f, i, error))
            return FALSE;
        }
      else if (g_str_equal (type, "redo"))
        {
          r->n_redo++;
          if (!filter_redo (&f, i, error))
            return FALSE;
        }
      else if (g_str_equal (type, "message"))
        kept[i] = TRUE;   /* chat is never undone */
      else
        {
          g_ptr_array_set_size (undos, 0);
          kept[i] = TRUE;
          g_array_append_val (stack, i);
        }
      if (f.work > MAX_FILTER_WORK)
        return record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID, "%s",
                             _("The record has too many undos to follow."));
    }
  r->kept = g_array_new (FALSE, FALSE, sizeof (KolRecordAction));
  for (guint i = 0; i < n; i++)
    {
      const char *type = action_type (json_array_get_element (actions, i));

      if (kept[i])
        {
          KolRecordAction a = { i, json_array_get_element (actions, i) };

          g_array_append_val (r->kept, a);
        }
      else if (!g_str_equal (type, "undo") && !g_str_equal (type, "redo"))
        r->n_dropped++;
    }
  return TRUE;
}

static gboolean
parse_result (KolRecord  *r,
              JsonObject *root)
{
  JsonNode *result = member (root, "result");
  JsonNode *reason = member (root, "game_end_reason");
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (is_string (reason))
    r->end_reason = g_strdup (json_node_get_string (reason));
  if (result == NULL || !JSON_NODE_HOLDS_OBJECT (result))
    return TRUE;
  json_object_iter_init (&iter, json_node_get_object (result));
  while (json_object_iter_next (&iter, &key, &value))
    if (!is_int (value))
      return TRUE;   /* not a result we can compare: ignore it */
  r->result = json_node_ref (result);
  return TRUE;
}

/* What a file that is not a record is said to be. A Koleya save given to
 * the importer is named as one, and one whose "format" (the save's mark)
 * is damaged as a damaged save: both are what the file claims to be. */
static KolRecord *
not_a_record (JsonNode *root,
              GError  **error)
{
  JsonObject *o = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;

  if (kol_save_file_is_save (root))
    record_error (error, KOL_RECORD_IMPORT_ERROR_FORMAT, "%s",
                  _("This is a Koleya save, not a game exported from 18xx.games: open it instead."));
  else if (o != NULL && json_object_has_member (o, "format"))
    /* Translators: %s is the format name every save has, koleya-save. */
    record_error (error, KOL_RECORD_IMPORT_ERROR_FORMAT, _("This Koleya save is damaged: its “format” is not “%s”."),
                  KOL_SAVE_FILE_FORMAT);
  else
    record_error (error, KOL_RECORD_IMPORT_ERROR_FORMAT, "%s", _("This is not a game exported from 18xx.games."));
  return NULL;
}

/**
 * kol_record_parse_node:
 * @root: a parsed 18xx.games record
 * @error: return location for a #GError
 *
 * Reads the record's settings and players and filters its undos and redos
 * (messages are never undone, `log` is an ordinary action, the legacy
 * `skip` flag is ignored).
 *
 * Returns: (transfer full) (nullable): the record.
 */
KolRecord *
kol_record_parse_node (JsonNode *root,
                       GError  **error)
{
  g_autoptr(KolRecord) r = g_new0 (KolRecord, 1);
  JsonObject *o;
  JsonNode *created;

  if (!kol_record_is_record (root) || !is_string (member (json_node_get_object (root), "title")) ||
      !JSON_NODE_HOLDS_ARRAY (member (json_node_get_object (root), "players")) ||
      !JSON_NODE_HOLDS_ARRAY (member (json_node_get_object (root), "actions")))
    return not_a_record (root, error);
  o = json_node_get_object (root);
  r->root = json_node_ref (root);
  r->notes = g_ptr_array_new_with_free_func (g_free);
  r->title_id = g_strdup (json_node_get_string (member (o, "title")));
  r->n_raw = json_array_get_length (json_node_get_array (member (o, "actions")));
  created = member (o, "created_at");
  r->created_at = is_int (created) ? json_node_get_int (created) : 0;
  parse_game_id (r, o);
  if (r->n_raw > MAX_RECORD_ACTIONS)
    {
      record_error (error, KOL_RECORD_IMPORT_ERROR_INVALID,
                    _("The record has more than %d actions."), MAX_RECORD_ACTIONS);
      return NULL;
    }
  if (!parse_players (r, o, error) || !parse_settings (r, o, error) ||
      !filter_actions (r, json_node_get_array (member (o, "actions")), error) || !parse_result (r, o))
    return NULL;
  g_ptr_array_sort (r->options, compare_strings);
  return g_steal_pointer (&r);
}

/**
 * kol_record_parse:
 * @bytes: the contents of a record file
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the record.
 */
KolRecord *
kol_record_parse (GBytes  *bytes,
                  GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  KolRecord *r;

  root = kol_save_file_parse_json (data, length, KOL_RECORD_IMPORT_ERROR,
                                   KOL_RECORD_IMPORT_ERROR_SYNTAX, error);
  if (root == NULL || (r = kol_record_parse_node (root, error)) == NULL)
    return NULL;
  r->bytes = g_bytes_ref (bytes);
  return r;
}

/**
 * kol_record_load:
 *
 * Reads and parses the record in @file.
 *
 * Returns: (transfer full) (nullable): the record.
 */
KolRecord *
kol_record_load (GFile   *file,
                 GError **error)
{
  g_autoptr(GBytes) bytes = kol_save_file_read (file, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_READ,
                                                error);

  if (bytes == NULL)
    return NULL;
  return kol_record_parse (bytes, error);
}

/**
 * kol_record_choose_seed:
 * @record: a record
 * @mode: which seed the engine that played it used
 * @note: (out) (optional) (transfer full): a translated note on the choice
 *   when it is not plain `settings.seed`, or %NULL
 *
 * Returns: the seed of the game's random draws.
 */
gint64
kol_record_choose_seed (KolRecord        *record,
                        KolRecordSeedMode mode,
                        char            **note)
{
  gboolean from_id;
  gint64 seed;

  if (note)
    *note = NULL;
  if (mode == KOL_RECORD_SEED_AUTO)
    from_id = record->has_id_seed && record->created_at > 0 && record->created_at < SETTINGS_SEED_SINCE;
  else
    from_id = mode == KOL_RECORD_SEED_GAME_ID;
  if (!record->has_settings_seed)
    from_id = TRUE;
  seed = from_id ? record->id_seed : record->settings_seed;
  if (note && from_id && (!record->has_settings_seed || record->settings_seed != record->id_seed))
    {
      g_autofree char *s = g_strdup_printf ("%" G_GINT64_FORMAT, seed);

      if (!record->has_settings_seed)
        /* Translators: %s is a number. */
        *note = g_strdup_printf (_("The record has no seed; the digits of its game id give %s."), s);
      else
        *note = g_strdup_printf (_("The game was played before 2024, when 18xx.games seeded its random "
                                   "draws from the game id: the seed is %s."), s);
    }
  return seed;
}

/* ----------------------------------------------------------- route checks */

/* 18xx.games lists a route's nodes chain by chain (each connection's two
 * nodes in the chain's own order, duplicates dropped),
 * while the connections are in travel order. So the list is in travel order
 * except that its first two nodes may be swapped (1840's Stadtbahn runs:
 * nodes I13, I15, I11 for the connections I13–I15 and I11–I13). Returns the
 * nodes in travel order, or NULL when the given order is already that or the
 * order cannot be told. */
static GArray *
nodes_in_route_order (GArray *nodes,
                      GArray *connections)
{
  GArray *second, *order;
  gint16 a, b, first_hex, second_hex;
  KolRouteNode tmp;

  if (nodes->len < 3 || connections->len < 2)
    return NULL;
  second = g_array_index (connections, GArray *, 1);
  if (second == NULL || second->len == 0)
    return NULL;
  a = g_array_index (second, gint16, 0);
  b = g_array_index (second, gint16, second->len - 1);
  first_hex = g_array_index (nodes, KolRouteNode, 0).hex;
  second_hex = g_array_index (nodes, KolRouteNode, 1).hex;
  if (!(first_hex == a || first_hex == b) || second_hex == a || second_hex == b)
    return NULL;
  order = g_array_sized_new (FALSE, FALSE, sizeof (KolRouteNode), nodes->len);
  g_array_append_vals (order, nodes->data, nodes->len);
  tmp = g_array_index (order, KolRouteNode, 0);
  g_array_index (order, KolRouteNode, 0) = g_array_index (order, KolRouteNode, 1);
  g_array_index (order, KolRouteNode, 1) = tmp;
  return order;
}

static char *
train_label (const KolEngine    *engine,
             const KolRouteSpec *r)
{
  if (r->train < 0 || r->train >= engine->n_trains)
    return g_strdup ("?");
  return kol_engine_train_id (engine, r->train);
}

/* Checks one claimed route; returns the route accepted (for the overlap
 * checks of the next trains) or FALSE with a warning. */
static gboolean
check_route (const KolEngine     *engine,
             int                  corp,
             const KolRouteRules *rules,
             const KolRouteTrain *train,
             const KolRouteSpec  *r,
             GArray              *accepted,
             const char          *where,
             GPtrArray           *warnings)
{
  g_autoptr(GArray) derived = NULL;
  g_autoptr(GArray) reordered = NULL;
  g_autofree KolRouteConnection *conns = NULL;
  g_autofree char *label = train_label (engine, r);
  g_autoptr(GError) error = NULL;
  GArray *nodes = r->nodes;
  KolRouteDraft draft = { 0 };
  KolRefusal refusal = { 0 };
  KolRoute resolved = { 0 };
  int revenue;

  if (nodes == NULL || nodes->len == 0)
    nodes = derived = kol_route_spec_nodes_from_hexes (engine, r);
  if (nodes == NULL)
    {
      /* Translators: the first %s is "Action 57 at $.actions[56]", the
       * second a train id ("4H-0"). */
      g_ptr_array_add (warnings, g_strdup_printf (_("%s: the route of train %s names no stops that can be "
                                                    "checked."), where, label));
      return FALSE;
    }
  if (r->connections && r->connections->len + 1 == nodes->len &&
      (reordered = nodes_in_route_order (nodes, r->connections)) != NULL)
    nodes = reordered;
  draft.n_nodes = (int) nodes->len;
  draft.nodes = (const KolRouteNode *) (gconstpointer) nodes->data;
  if (r->connections && r->connections->len + 1 == nodes->len)
    {
      conns = g_new0 (KolRouteConnection, r->connections->len);
      for (guint i = 0; i < r->connections->len; i++)
        {
          GArray *chain = g_array_index (r->connections, GArray *, i);

          conns[i].n_hexes = (int) chain->len;
          conns[i].hexes = (const gint16 *) (gconstpointer) chain->data;
        }
      draft.connections = conns;
    }
  revenue = kol_route_check (engine, corp, rules, train, &draft, (const KolRoute *) (gconstpointer) accepted->data,
                             (int) accepted->len, &resolved, &refusal, &error);
  if (revenue < 0)
    {
      /* Translators: "Action 57 at $.actions[56]", a train id, then the
       * reason the route validator gives. */
      g_ptr_array_add (warnings, g_strdup_printf (_("%s: the route of train %s is not valid here: %s"),
                                                  where, label, error ? error->message : ""));
      return FALSE;
    }
  if (revenue != r->revenue)
    /* Translators: "Action 57 at $.actions[56]", a train id, then the
     * revenue the record claims and the one Koleya computes. */
    g_ptr_array_add (warnings, g_strdup_printf (_("%s: the route of train %s claims %d, Koleya computes %d."),
                                                where, label, r->revenue, revenue));
  g_array_append_val (accepted, resolved);
  return TRUE;
}

static void
clear_route (gpointer data)
{
  kol_route_clear (data);
}

/* The history's route check: every claimed route against the validator,
 * with the title's routing rules for the company (its route hooks). The
 * trains the hooks prepare are the company's trains in holding order. */
static void
check_claimed_routes (const KolEngine *before,
                      const KolAction *action,
                      const char      *path,
                      gpointer         user_data)
{
  KolImportReport *report = user_data;
  const KolRouteHooks *hooks = before->module->route_hooks;
  g_autoptr(GArray) accepted = g_array_new (FALSE, TRUE, sizeof (KolRoute));
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  gint16 owned[KOL_MAX_TRAINS];
  KolRouteRules rules;
  g_autofree char *where = NULL;
  int n_trains, n_owned, corp = action->entity.index;

  if (hooks == NULL || hooks->prepare == NULL || action->entity.kind != KOL_ENTITY_CORP || action->routes == NULL)
    return;
  g_array_set_clear_func (accepted, clear_route);
  report->n_routes_checked += action->routes->len;
  where = g_strdup_printf (_("Action at %s"), path);
  kol_route_rules_init (&rules);
  n_trains = hooks->prepare (before, corp, &rules, trains, KOL_ROUTE_MAX_TRAINS);
  n_owned = kol_engine_trains_of (before, kol_entity (KOL_ENTITY_CORP, corp), owned, G_N_ELEMENTS (owned));
  for (guint i = 0; i < action->routes->len; i++)
    {
      const KolRouteSpec *r = g_ptr_array_index (action->routes, i);
      int t = -1;

      for (int k = 0; k < n_owned && k < n_trains; k++)
        if (owned[k] == r->train)
          t = k;
      if (t < 0)
        {
          g_autofree char *label = train_label (before, r);

          /* Translators: "Action at $.actions[56]", then a train id. */
          g_ptr_array_add (report->warnings, g_strdup_printf (_("%s: train %s cannot run for this company."),
                                                              where, label));
          continue;
        }
      if (check_route (before, corp, &rules, &trains[t], r, accepted, where, report->warnings))
        report->n_routes_valid++;
    }
}

/* ----------------------------------------------------------------- import */

/**
 * kol_import_report_clear:
 *
 * Frees the contents of @report.
 */
void
kol_import_report_clear (KolImportReport *report)
{
  g_clear_pointer (&report->failed_type, g_free);
  g_clear_error (&report->error);
  g_clear_pointer (&report->error_path, g_free);
  g_clear_pointer (&report->warnings, g_ptr_array_unref);
  g_clear_pointer (&report->notes, g_ptr_array_unref);
  g_clear_pointer (&report->result, json_node_unref);
}

static char *
options_text (GPtrArray *options)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < options->len; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (options, i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static GPtrArray *
option_list (GPtrArray *options)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < options->len; i++)
    g_ptr_array_add (list, g_ptr_array_index (options, i));
  g_ptr_array_add (list, NULL);
  return list;
}

/* 18xx.games lets an optional rule stay in the settings at a player count
 * where it does nothing (1849's reduced_4p_corps outside 4 players); the
 * title refuses such a configuration, so those options are left out. */
static GPtrArray *
drop_unavailable_options (KolRecord        *r,
                          KolTitleResolver  resolver,
                          gpointer          data,
                          GPtrArray        *notes)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < r->options->len; i++)
    {
      const char *option = g_ptr_array_index (r->options, i);
      const char *alone[] = { option, NULL };
      g_autoptr(GError) local = NULL;
      GDestroyNotify t_free = NULL;
      KolTitle *t = resolver (r->title_id, r->n_players, alone, data, &t_free, &local);

      if (t == NULL && g_error_matches (local, KOL_TITLE_LOADER_ERROR, KOL_TITLE_LOADER_ERROR_CONFIGURATION))
        /* Translators: %s is an option id, %d a number of players. */
        g_ptr_array_add (notes, g_strdup_printf (_("The optional rule “%s” has no effect with %d players "
                                                   "and is ignored."), option, r->n_players));
      else
        g_ptr_array_add (kept, g_strdup (option));
      if (t && t_free)
        t_free (t);
    }
  return kept;
}

/* The hidden option that makes a title behave as 18xx.games where that
 * differs from the rulebook (title-context: "an option id starting with
 * compat_ that the importer sets"; 1849's loan penalty without a floor).
 * Titles that do not declare it are loaded without it. */
#define COMPAT_OPTION "compat_18xx_games"

static KolTitle *
resolve_with_compat (KolRecord        *r,
                     GPtrArray        *options,
                     KolTitleResolver  resolver,
                     gpointer          data,
                     GDestroyNotify   *title_free)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();
  gboolean added = FALSE;

  for (guint i = 0; i < options->len; i++)
    {
      const char *option = g_ptr_array_index (options, i);

      if (g_str_equal (option, COMPAT_OPTION))
        return NULL;
      if (!added && strcmp (option, COMPAT_OPTION) > 0)
        {
          g_ptr_array_add (list, (gpointer) COMPAT_OPTION);
          added = TRUE;
        }
      g_ptr_array_add (list, (gpointer) option);
    }
  if (!added)
    g_ptr_array_add (list, (gpointer) COMPAT_OPTION);
  g_ptr_array_add (list, NULL);
  return resolver (r->title_id, r->n_players, (const char * const *) list->pdata, data, title_free, NULL);
}

/**
 * kol_record_load_title:
 * @r: a record
 * @resolver: (nullable): loads the title; %NULL for kol_save_file_load_title()
 * @data: data for @resolver
 * @notes: (element-type utf8): where to add notes (options left out)
 * @title_free: (out): how to free the title
 * @error: return location for a #GError
 *
 * Loads the title of @r for its players and optional rules, as the import
 * does: with the hidden compatibility option when the title has one, and
 * without the optional rules that do nothing at this player count.
 *
 * Returns: (nullable): the title.
 */
KolTitle *
kol_record_load_title (KolRecord        *r,
                       KolTitleResolver  resolver,
                       gpointer          data,
                       GPtrArray        *notes,
                       GDestroyNotify   *title_free,
                       GError          **error)
{
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) local = NULL;
  KolTitle *title;

  if (resolver == NULL)
    resolver = kol_save_file_load_title;
  list = option_list (r->options);
  title = resolve_with_compat (r, r->options, resolver, data, title_free);
  if (title != NULL)
    return title;
  title = resolver (r->title_id, r->n_players, (const char * const *) list->pdata, data,
                    title_free, &local);

  if (title == NULL && g_error_matches (local, KOL_TITLE_LOADER_ERROR, KOL_TITLE_LOADER_ERROR_CONFIGURATION))
    {
      g_autoptr(GPtrArray) options = drop_unavailable_options (r, resolver, data, notes);

      g_clear_error (&local);
      g_clear_pointer (&list, g_ptr_array_unref);
      list = option_list (options);
      title = resolve_with_compat (r, options, resolver, data, title_free);
      if (title == NULL)
        title = resolver (r->title_id, r->n_players, (const char * const *) list->pdata, data, title_free,
                          &local);
    }
  if (title != NULL)
    return title;
  if (g_error_matches (local, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_TITLE))
    /* Translators: %s is a title id such as "1830". */
    record_error (error, KOL_RECORD_IMPORT_ERROR_TITLE,
                  _("The record is a game of “%s”, which Koleya does not have."), r->title_id);
  else
    {
      g_autofree char *options = options_text (r->options);

      /* Translators: %s is a title id, %d a number of players, then a list
       * of option ids (may be empty) and the reason. */
      record_error (error, KOL_RECORD_IMPORT_ERROR_TITLE,
                    _("Koleya cannot set up %s for %d players with the options [%s]: %s"),
                    r->title_id, r->n_players, options, local->message);
    }
  return NULL;
}

static JsonObject *
source_object (KolRecord *r,
               gint64     seed)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "kind", "18xx.games");
  json_object_set_string_member (o, "game_id", r->game_id);
  json_object_set_int_member (o, "seed", seed);
  if (r->result)
    json_object_set_member (o, "result", json_node_ref (r->result));
  if (r->end_reason)
    json_object_set_string_member (o, "game_end_reason", r->end_reason);
  return o;
}

/* The latest date ("2023-09-05") in the title's list of 18xx.games rules
 * changes (rules.compat_18xx_games.rules_changed) after @created_at, the
 * record's time in seconds; NULL when it was made after all of them (or its
 * time is unknown). */
static char *
rules_changed_since (const KolTitle *title,
                     gint64          created_at)
{
  g_autoptr(GVariant) compat = kol_title_rule (title, "compat_18xx_games");
  g_autoptr(GVariant) dates = NULL;
  char *latest = NULL;

  if (created_at <= 0 || compat == NULL || !g_variant_is_of_type (compat, G_VARIANT_TYPE_VARDICT))
    return NULL;
  dates = g_variant_lookup_value (compat, "rules_changed", NULL);
  for (gsize i = 0; dates != NULL && g_variant_is_container (dates) && i < g_variant_n_children (dates); i++)
    {
      g_autoptr(GVariant) item = g_variant_get_child_value (dates, i);
      g_autoptr(GVariant) inner = g_variant_is_of_type (item, G_VARIANT_TYPE_VARIANT) ? g_variant_get_variant (item)
                                                                                     : g_variant_ref (item);
      g_autofree char *iso = NULL;
      g_autoptr(GDateTime) when = NULL;

      if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_STRING))
        continue;
      iso = g_strconcat (g_variant_get_string (inner, NULL), "T00:00:00Z", NULL);
      when = g_date_time_new_from_iso8601 (iso, NULL);
      if (when != NULL && g_date_time_to_unix (when) > created_at &&
          (latest == NULL || strcmp (g_variant_get_string (inner, NULL), latest) > 0))
        {
          g_free (latest);
          latest = g_strdup (g_variant_get_string (inner, NULL));
        }
    }
  return latest;
}

/* Why the rules refuse action @a of @r, said with the step the game was in
 * and, for a record older than a change of 18xx.games' rules of the title,
 * that it predates it. */
static char *
refusal_message (KolRecord             *r,
                 const KolRecordAction *a,
                 KolHistory            *history,
                 const GError          *cause)
{
  g_autofree char *path = g_strdup_printf ("$.actions[%u]", a->index);
  g_autofree char *what = kol_action_json_describe (a->node, path);
  KolEngine *engine = kol_history_get_game (history);
  KolStep *s = kol_round_active_step (engine);
  const char *step = s != NULL ? kol_game_word_step (engine->title, s->klass->name) : "?";
  g_autofree char *changed = rules_changed_since (engine->title, r->created_at);
  g_autofree char *made = NULL;
  char *message;

  /* Translators: %1$s is "Action 57 at $.actions[56]", %2$s its type
   * ("lay_tile"), %3$s the step the game was in ("Lay Track"), %4$s the
   * reason the rules give. */
  message = g_strdup_printf (_("%1$s (%2$s) is refused by the rules in the step “%3$s”: %4$s"), what,
                             action_type (a->node), step, cause->message);
  if (changed == NULL)
    return message;
  {
    g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (r->created_at);
    g_autofree char *refused = message;

    made = when != NULL ? g_date_time_format (when, "%Y-%m-%d") : g_strdup ("?");
    /* the rules' reason may end a sentence already */
    if (g_str_has_suffix (refused, "."))
      refused[strlen (refused) - 1] = '\0';
    /* Translators: a refused action of a record (the sentence before), then
     * the day the record was made and the day 18xx.games last changed the
     * rules of this game after it. */
    return g_strdup_printf (_("%1$s. The record was made on %2$s and predates a change of the rules on "
                              "18xx.games (%3$s); Koleya plays by the rules as they are now."),
                            refused, made, changed);
  }
}

/* Why the replay stopped: what the user reads first ("Move 12 is against
 * the rules: …", in the user's language), then, after a blank line, the
 * details for a bug report (the action, the engine's words, where in the
 * file). Error dialogs fold the details away. */
static void
stop_at (KolRecord             *r,
         const KolEngine       *engine,
         const KolRecordAction *a,
         guint                  seq,
         KolHistory            *history,
         GError                *cause,
         char                  *error_path,
         KolImportReport       *report)
{
  g_autofree char *path = g_strdup_printf ("$.actions[%u]", a->index);
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;
  g_autofree char *human = NULL;
  g_autofree char *details = NULL;
  JsonNode *id = member (json_node_get_object (a->node), "id");
  const char *type = action_type (a->node);

  report->stopped = TRUE;
  report->failed_seq = seq;
  report->failed_index = a->index;
  report->failed_id = is_int (id) ? json_node_get_int (id) : 0;
  report->failed_type = g_strdup (type);
  report->error_path = error_path;
  if (r->bytes)
    {
      gsize length;
      const char *data = g_bytes_get_data (r->bytes, &length);

      where = kol_save_file_locate (data, length, error_path ? error_path : path);
    }
  if (cause->domain == KOL_ENGINE_ERROR)
    {
      message = refusal_message (r, a, history, cause);
      human = kol_replay_refusal_text (engine, seq);
    }
  else
    message = g_strdup (cause->message);
  details = where ? g_strdup_printf ("%s (%s)", message, where) : g_steal_pointer (&message);
  report->error = human ? g_error_new (KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_REPLAY, "%s\n\n%s", human, details)
                        : g_error_new_literal (KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_REPLAY, details);
}

static void
finish_report (KolRecord       *r,
               KolHistory      *history,
               KolImportReport *report)
{
  KolEngine *engine = kol_history_get_game (history);

  report->finished = engine->finished;
  if (!engine->finished)
    return;
  report->result = kol_state_result (engine);
  if (r->result)
    {
      KolStateMismatch m;

      report->result_checked = TRUE;
      report->result_matches = kol_state_compare_result (r->result, report->result, &m);
      kol_state_mismatch_clear (&m);
    }
}

/**
 * kol_record_import:
 * @record: a parsed record
 * @mode: how to choose the seed
 * @resolver: (nullable): loads the title; %NULL for kol_save_file_load_title()
 * @resolver_data: data for @resolver
 * @step: (nullable): called after every action
 * @step_data: data for @step
 * @report: (out caller-allocates): how far the replay went; clear it with
 *   kol_import_report_clear()
 * @error: return location for a #GError
 *
 * Sets the game up as the record says (title, players in the record's
 * order, optional rules, seed) and replays the kept actions with their
 * embedded auto actions. The replay stops at the first action that cannot
 * be read or that the rules refuse: @report then says which (id, type,
 * index) and why, and the history holds the state before it. Route
 * revenues are the record's, as on 18xx.games.
 *
 * Returns: (transfer full) (nullable): the history, or %NULL with @error
 *   when the game cannot even be set up.
 */
KolHistory *
kol_record_import (KolRecord          *record,
                   KolRecordSeedMode   mode,
                   KolTitleResolver    resolver,
                   gpointer            resolver_data,
                   KolRecordStepFunc   step,
                   gpointer            step_data,
                   KolImportReport    *report,
                   GError            **error)
{
  g_autoptr(KolHistory) history = NULL;
  g_autofree char *seed_note = NULL;
  g_autoptr(GError) local = NULL;
  GDestroyNotify title_free = NULL;
  JsonObject *source;
  KolTitle *title;

  memset (report, 0, sizeof *report);
  report->warnings = g_ptr_array_new_with_free_func (g_free);
  report->notes = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < record->notes->len; i++)
    g_ptr_array_add (report->notes, g_strdup (g_ptr_array_index (record->notes, i)));

  report->seed = kol_record_choose_seed (record, mode, &seed_note);
  if (seed_note)
    g_ptr_array_add (report->notes, g_steal_pointer (&seed_note));
  title = kol_record_load_title (record, resolver, resolver_data, report->notes, &title_free, error);
  if (title == NULL)
    return NULL;
  history = kol_history_new_full (title, title_free, record->n_players, record->player_ids,
                                  (const char * const *) record->player_names, report->seed, &local);
  if (history == NULL)
    {
      record_error (error, KOL_RECORD_IMPORT_ERROR_TITLE, _("The game cannot be set up: %s"), local->message);
      return NULL;
    }
  source = source_object (record, report->seed);
  kol_history_set_source (history, source);
  json_object_unref (source);
  kol_history_set_route_check (history, check_claimed_routes, report);
  kol_record_replay (record, history, step, step_data, report);
  kol_history_set_route_check (history, NULL, NULL);
  if (kol_history_get_game (history)->module->route_hooks == NULL)
    g_ptr_array_add (report->notes, g_strdup (_("Koleya cannot check the routes of this title yet: their "
                                                "revenue is taken as recorded.")));
  return g_steal_pointer (&history);
}

/**
 * kol_record_replay:
 * @record: a parsed record
 * @history: a game set up for @record, before any action
 * @step: (nullable): called after every action
 * @step_data: data for @step
 * @report: (inout): filled in: actions processed, where and why the replay
 *   stopped, whether the result matches (initialise it with zeros, or use
 *   the one kol_record_import() prepared)
 *
 * Replays the kept actions of @record into @history (kol_record_import()
 * does the setup; benchmarks call this with a title they keep loaded).
 */
void
kol_record_replay (KolRecord         *record,
                   KolHistory        *history,
                   KolRecordStepFunc  step,
                   gpointer           step_data,
                   KolImportReport   *report)
{
  if (report->warnings == NULL)
    report->warnings = g_ptr_array_new_with_free_func (g_free);
  if (report->notes == NULL)
    report->notes = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < record->kept->len; k++)
    {
      const KolRecordAction *a = &g_array_index (record->kept, KolRecordAction, k);
      g_autofree char *path = g_strdup_printf ("$.actions[%u]", a->index);
      g_autoptr(GError) local = NULL;
      char *error_path = NULL;

      if (!kol_history_apply_json (history, a->node, path, KOL_HISTORY_APPLY_TRUSTED, &error_path, &local))
        {
          stop_at (record, kol_history_get_game (history), a, k + 1, history, local, error_path, report);
          break;
        }
      report->n_processed++;
      if (step && !step (history, k + 1, a, step_data))
        break;
    }
  finish_report (record, history, report);
}

/**
 * kol_import_report_describe_stop:
 *
 * Returns: (transfer full) (nullable): a translated sentence saying where
 *   the replay stopped and why, or %NULL if it did not stop.
 */
char *
kol_import_report_describe_stop (KolImportReport *report)
{
  g_autofree char *id = NULL;

  if (!report->stopped)
    return NULL;
  id = g_strdup_printf ("%" G_GINT64_FORMAT, report->failed_id);
  if (!kol_display_get_verbose ())
    /* Translators: the replay of an imported game stopped. %u is the number
     * of the action among those replayed, the first %s the action's id in
     * the record, the second its type, the last %s the reason. */
    return g_strdup_printf (_("Stopped at action %u (id %s, “%s”): %s"), report->failed_seq, id,
                            report->failed_type ? report->failed_type : "?",
                            report->error ? report->error->message : "");
  /* Translators: the replay of an imported game stopped. %u is the number
   * of the action among those replayed, the first %s the action's id in the
   * record, the second its type, the next %u its position in the record,
   * the last %s the reason. */
  return g_strdup_printf (_("Stopped at action %u (id %s, %s, $.actions[%u]): %s"), report->failed_seq,
                          id, report->failed_type ? report->failed_type : "?", report->failed_index,
                          report->error ? report->error->message : "");
}

/* ----------------------------------------------------------------- export */

static JsonNode *
export_players (KolEngine *engine)
{
  g_autoptr(JsonArray) players = json_array_new ();

  for (int i = 0; i < engine->n_players; i++)
    {
      JsonObject *p = json_object_new ();

      json_object_set_int_member (p, "id", engine->players[i].id);
      json_object_set_string_member (p, "name", engine->players[i].name);
      json_array_add_object_element (players, p);
    }
  return json_node_init_array (json_node_alloc (), players);
}

/* The options a player chose, without the hidden ones the importer sets. */
static JsonNode *
export_settings (KolEngine *engine)
{
  g_autoptr(JsonObject) settings = json_object_new ();
  JsonArray *rules = json_array_new ();
  const KolTitle *t = engine->title;

  json_object_set_int_member (settings, "seed", engine->seed);
  for (guint i = 0; t->options && i < t->options->len; i++)
    if (!g_str_has_prefix (g_ptr_array_index (t->options, i), "compat_"))
      json_array_add_string_element (rules, g_ptr_array_index (t->options, i));
  json_object_set_array_member (settings, "optional_rules", rules);
  return json_node_init_object (json_node_alloc (), settings);
}

/**
 * kol_record_export:
 * @history: a game
 *
 * The game as an 18xx.games record (18xx-games-format.md §1): title,
 * players in seating order, the seed and optional rules in `settings`, the
 * actions as played (auto actions embedded, no undo markers), and the
 * result when the game is over. 18xx.games can import it; Koleya too.
 *
 * Returns: (transfer full): the record.
 */
JsonNode *
kol_record_export (KolHistory *history)
{
  KolEngine *initial = kol_history_get_initial_game (history);
  KolEngine *live = kol_history_dup_game_at (history, kol_history_get_n_actions (history), NULL);
  JsonObject *source = kol_history_get_source (history);
  g_autoptr(JsonObject) o = json_object_new ();
  JsonArray *actions = json_array_new ();
  const char *game_id = source && json_object_has_member (source, "game_id")
                        ? json_object_get_string_member (source, "game_id") : NULL;
  gint64 id;

  if (game_id && g_ascii_string_to_signed (game_id, 10, 1, G_MAXINT64, &id, NULL))
    json_object_set_int_member (o, "id", id);
  else if (game_id && game_id[0] != '\0')
    json_object_set_string_member (o, "id", game_id);
  json_object_set_string_member (o, "title", initial->title->id);
  json_object_set_member (o, "players", export_players (initial));
  json_object_set_member (o, "settings", export_settings (initial));
  json_object_set_string_member (o, "status", live && live->finished ? "finished" : "active");
  if (live && live->finished)
    json_object_set_member (o, "result", kol_state_result (live));
  for (guint i = 0; i < kol_history_get_n_actions (history); i++)
    {
      JsonNode *action = json_node_copy (kol_history_get_action_json (history, i));

      /* the legacy flag of old records means nothing to anyone now */
      if (JSON_NODE_HOLDS_OBJECT (action))
        json_object_remove_member (json_node_get_object (action), "skip");
      json_array_add_element (actions, action);
    }
  json_object_set_array_member (o, "actions", actions);
  g_clear_pointer (&live, kol_engine_free);
  return json_node_init_object (json_node_alloc (), o);
}
