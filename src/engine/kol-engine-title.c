/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-title.h"
#include "kol-engine-error.h"

#include <string.h>

/* Counts the titles finished or freed, for kol_title_generation(). */
static gint title_generation;

/**
 * kol_title_generation:
 *
 * Caches keyed by a title's address (the reach memo of the track graph)
 * compare this number to notice that a title may have changed, or been freed
 * and its address reused: it grows with every kol_title_finish() and
 * kol_title_free().
 *
 * Returns: the number of titles finished or freed so far.
 */
guint
kol_title_generation (void)
{
  return (guint) g_atomic_int_get (&title_generation);
}

/**
 * kol_title_new:
 *
 * Returns: (transfer full): an empty title for a loader to fill.
 */
KolTitle *
kol_title_new (void)
{
  KolTitle *title = g_new0 (KolTitle, 1);

  title->options = g_ptr_array_new_with_free_func (g_free);
  title->bank = -1;
  title->grid.layout = KOL_LAYOUT_FLAT;
  title->grid.x = KOL_AXIS_LETTER;
  title->grid.y = KOL_AXIS_NUMBER;
  return title;
}

static void
text_clear (KolText *text)
{
  g_clear_pointer (&text->en, g_free);
  g_clear_pointer (&text->ru, g_free);
}

static void
hex_def_clear (KolHexDef *hex)
{
  g_free (hex->id);
  text_clear (&hex->name);
  g_free (hex->terrain);
  g_free (hex->frame);
  g_clear_pointer (&hex->icons, g_ptr_array_unref);
  g_clear_pointer (&hex->tags, g_ptr_array_unref);
  g_clear_pointer (&hex->extra, g_variant_unref);
}

static void
phase_def_clear (KolPhaseDef *phase)
{
  g_free (phase->name);
  g_clear_pointer (&phase->status, g_ptr_array_unref);
  g_clear_pointer (&phase->events, g_ptr_array_unref);
}

static void
train_def_clear (KolTrainDef *train)
{
  g_free (train->id);
  g_free (train->name);
  for (int i = 0; i < train->n_variants; i++)
    g_free (train->variants[i].name);
  g_clear_pointer (&train->extra, g_variant_unref);
}

static void
company_def_clear (KolCompanyDef *company)
{
  g_free (company->id);
  text_clear (&company->name);
  g_free (company->short_name);
  text_clear (&company->description);
  g_clear_pointer (&company->abilities, g_variant_unref);
  g_clear_pointer (&company->extra, g_variant_unref);
}

static void
corp_def_clear (KolCorpDef *corp)
{
  g_free (corp->id);
  text_clear (&corp->name);
  text_clear (&corp->short_name);
  g_free (corp->type);
  g_free (corp->color);
  g_free (corp->text_color);
  g_clear_pointer (&corp->home_choices, g_array_unref);
  g_clear_pointer (&corp->initial_tokens, g_array_unref);
  g_clear_pointer (&corp->extra, g_variant_unref);
}

/**
 * kol_title_free:
 * @title: a title
 *
 * Frees @title and everything it owns.
 */
void
kol_title_free (KolTitle *title)
{
  if (title == NULL)
    return;

  g_atomic_int_inc (&title_generation);
  g_free (title->id);
  g_free (title->rules_module);
  text_clear (&title->name);
  g_free (title->designer);
  text_clear (&title->currency);
  g_clear_pointer (&title->options, g_ptr_array_unref);
  for (int i = 0; i < title->n_track_types; i++)
    {
      g_free (title->track_types[i].id);
      text_clear (&title->track_types[i].name);
      g_free (title->track_types[i].draw);
    }
  for (guint i = 0; i < title->n_hexes; i++)
    hex_def_clear (&title->hexes[i]);
  g_free (title->hexes);
  for (guint i = 0; i < title->n_tiles; i++)
    kol_tile_def_clear (&title->tiles[i]);
  g_free (title->tiles);
  g_free (title->copy_tile);
  g_free (title->copy_number);
  for (int i = 0; i < title->market.n_zones; i++)
    {
      g_free (title->market.zones[i].color);
      text_clear (&title->market.zones[i].label);
    }
  for (guint i = 0; i < title->n_phases; i++)
    phase_def_clear (&title->phases[i]);
  g_free (title->phases);
  for (guint i = 0; i < title->n_trains; i++)
    train_def_clear (&title->trains[i]);
  g_free (title->trains);
  for (guint i = 0; i < title->n_companies; i++)
    company_def_clear (&title->companies[i]);
  g_free (title->companies);
  for (guint i = 0; i < title->n_corps; i++)
    corp_def_clear (&title->corps[i]);
  g_free (title->corps);
  for (guint i = 0; i < title->n_option_defs; i++)
    {
      g_free (title->option_defs[i].id);
      text_clear (&title->option_defs[i].name);
      text_clear (&title->option_defs[i].description);
    }
  g_free (title->option_defs);
  for (guint i = 0; i < title->n_terms; i++)
    {
      g_free (title->terms[i].id);
      text_clear (&title->terms[i].text);
    }
  g_free (title->terms);
  g_clear_pointer (&title->rules, g_variant_unref);
  g_clear_pointer (&title->hex_index, g_hash_table_unref);
  g_clear_pointer (&title->tile_index, g_hash_table_unref);
  g_free (title);
}

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list args;
  char *msg;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_DATA, msg);
  g_free (msg);
  return FALSE;
}

static gboolean
build_indices (KolTitle *title,
               GError  **error)
{
  g_clear_pointer (&title->hex_index, g_hash_table_unref);
  g_clear_pointer (&title->tile_index, g_hash_table_unref);
  title->hex_index = g_hash_table_new (g_str_hash, g_str_equal);
  title->tile_index = g_hash_table_new (g_str_hash, g_str_equal);

  if (title->n_hexes > KOL_MAX_HEXES)
    return fail (error, "%u hexes exceed the engine's limit of %d", title->n_hexes, KOL_MAX_HEXES);
  if (title->n_tiles > KOL_MAX_TILE_DEFS)
    return fail (error, "%u tiles exceed the engine's limit of %d", title->n_tiles, KOL_MAX_TILE_DEFS);

  for (guint i = 0; i < title->n_hexes; i++)
    {
      if (g_hash_table_contains (title->hex_index, title->hexes[i].id))
        return fail (error, "hex %s is defined twice", title->hexes[i].id);
      g_hash_table_insert (title->hex_index, title->hexes[i].id, GINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < title->n_tiles; i++)
    {
      if (g_hash_table_contains (title->tile_index, title->tiles[i].id))
        return fail (error, "tile %s is defined twice", title->tiles[i].id);
      g_hash_table_insert (title->tile_index, title->tiles[i].id, GINT_TO_POINTER (i + 1));
    }
  return TRUE;
}

static gboolean
impassable_color (KolColor color)
{
  return color == KOL_COLOR_BLUE || color == KOL_COLOR_GRAY || color == KOL_COLOR_RED;
}

/* Does the preprinted tile of @hex have an exit on @edge? */
static gboolean
targets (const KolTitle  *title,
         const KolHexDef *hex,
         int              edge)
{
  const KolTileDef *tile = &title->tiles[hex->tile];

  return (kol_tile_exits (tile, hex->rotation) & (1u << edge)) != 0;
}

/* A hex's neighbours for track: none across the hex's own impassable border,
 * and none into a blue, gray or red hex unless that hex's track points back
 * (pre-printed off-boards and cities connect only where they have exits). */
static void
connect_hexes (KolTitle *title)
{
  for (guint i = 0; i < title->n_hexes; i++)
    {
      KolHexDef *hex = &title->hexes[i];

      for (int e = 0; e < 6; e++)
        {
          int nx, ny;
          char *id;
          gpointer found;

          hex->neighbors[e] = -1;
          hex->all_neighbors[e] = -1;
          kol_hex_neighbor (&title->grid, hex->x, hex->y, e, &nx, &ny);
          id = kol_hex_format (&title->grid, nx, ny);
          found = g_hash_table_lookup (title->hex_index, id);
          g_free (id);
          if (found == NULL)
            continue;
          hex->all_neighbors[e] = (gint16) (GPOINTER_TO_INT (found) - 1);
          {
            const KolHexDef *other = &title->hexes[GPOINTER_TO_INT (found) - 1];

            if (impassable_color (title->tiles[other->tile].color) &&
                !targets (title, other, kol_hex_invert (e)))
              continue;
          }
          if (hex->impassable & (1u << e))
            continue;
          hex->neighbors[e] = (gint16) (GPOINTER_TO_INT (found) - 1);
        }
    }
}

/* Copies of an unlimited tile. 18xx.games starts with one copy ("57-0") and
 * makes the next ("57-1", …) when the last one in the supply is laid; the
 * state here is flat, so the copy table holds a pool of copies numbered the
 * same way, as many as there could be hexes to lay them on (shared fairly
 * within the engine's limit). The board hands them out lowest first. */
static int
unlimited_pool (const KolTitle *title)
{
  guint limited = 0, n_unlimited = 0;

  for (guint i = 0; i < title->n_tiles; i++)
    {
      const KolTileDef *tile = &title->tiles[i];

      if (tile->preprinted)
        continue;
      if (tile->count < 0)
        n_unlimited++;
      else
        limited += (guint) tile->count;
    }
  if (n_unlimited == 0 || limited >= KOL_MAX_TILE_COPIES)
    return 1;
  return (int) CLAMP ((KOL_MAX_TILE_COPIES - limited) / n_unlimited, 1, MAX (title->n_hexes, 1));
}

static gboolean
build_copies (KolTitle *title,
              GError  **error)
{
  guint total = 0;
  int pool = unlimited_pool (title);

  for (guint i = 0; i < title->n_tiles; i++)
    {
      KolTileDef *tile = &title->tiles[i];

      tile->first_copy = (gint16) total;
      if (tile->preprinted)
        continue;
      total += tile->count < 0 ? (guint) pool : (guint) tile->count;
    }
  if (total > KOL_MAX_TILE_COPIES)
    return fail (error, "%u tile copies exceed the engine's limit of %d", total, KOL_MAX_TILE_COPIES);

  g_free (title->copy_tile);
  g_free (title->copy_number);
  title->n_tile_copies = total;
  title->copy_tile = g_new0 (gint16, MAX (total, 1));
  title->copy_number = g_new0 (gint16, MAX (total, 1));
  for (guint i = 0; i < title->n_tiles; i++)
    {
      KolTileDef *tile = &title->tiles[i];
      int n = tile->preprinted ? 0 : (tile->count < 0 ? pool : tile->count);

      for (int c = 0; c < n; c++)
        {
          title->copy_tile[tile->first_copy + c] = (gint16) i;
          title->copy_number[tile->first_copy + c] = (gint16) c;
        }
    }
  return TRUE;
}

static gboolean
check_hexes (KolTitle *title,
             GError  **error)
{
  for (guint i = 0; i < title->n_hexes; i++)
    {
      KolHexDef *hex = &title->hexes[i];

      if (hex->tile < 0 || (guint) hex->tile >= title->n_tiles)
        return fail (error, "hex %s has no preprinted tile", hex->id);
    }
  return TRUE;
}

/**
 * kol_title_finish:
 * @title: a title whose arrays the loader has filled
 * @error: return location for a #GError
 *
 * Builds the indices, neighbours and tile copy tables.
 *
 * Returns: %TRUE if the title is consistent.
 */
gboolean
kol_title_finish (KolTitle *title,
                  GError  **error)
{
  g_return_val_if_fail (title != NULL, FALSE);

  g_atomic_int_inc (&title_generation);
  if (title->n_corps > KOL_MAX_CORPS)
    return fail (error, "%u corporations exceed the engine's limit", title->n_corps);
  if (title->n_companies > KOL_MAX_COMPANIES)
    return fail (error, "%u private companies exceed the engine's limit", title->n_companies);
  if (title->n_phases > KOL_MAX_PHASES || title->n_phases == 0)
    return fail (error, "a title needs between 1 and %d phases", KOL_MAX_PHASES);
  if (title->n_trains > KOL_MAX_TRAIN_DEFS)
    return fail (error, "%u train types exceed the engine's limit", title->n_trains);

  if (!build_indices (title, error) || !check_hexes (title, error) || !build_copies (title, error))
    return FALSE;
  connect_hexes (title);
  return TRUE;
}

static int
index_lookup (GHashTable *table,
              const char *id)
{
  gpointer found;

  if (table == NULL || id == NULL)
    return -1;
  found = g_hash_table_lookup (table, id);
  return found ? GPOINTER_TO_INT (found) - 1 : -1;
}

/**
 * kol_title_hex_by_id:
 *
 * Returns: the index of hex @id, or -1.
 */
int
kol_title_hex_by_id (const KolTitle *title,
                     const char     *id)
{
  return index_lookup (title->hex_index, id);
}

/**
 * kol_title_tile_by_id:
 *
 * Returns: the index of tile def @id, or -1.
 */
int
kol_title_tile_by_id (const KolTitle *title,
                      const char     *id)
{
  return index_lookup (title->tile_index, id);
}

/**
 * kol_title_corp_by_id:
 *
 * Returns: the index of corporation @id, or -1.
 */
int
kol_title_corp_by_id (const KolTitle *title,
                      const char     *id)
{
  for (guint i = 0; i < title->n_corps; i++)
    if (g_strcmp0 (title->corps[i].id, id) == 0)
      return (int) i;
  return -1;
}

/**
 * kol_title_company_by_id:
 *
 * Returns: the index of private company @id, or -1.
 */
int
kol_title_company_by_id (const KolTitle *title,
                         const char     *id)
{
  for (guint i = 0; i < title->n_companies; i++)
    if (g_strcmp0 (title->companies[i].id, id) == 0)
      return (int) i;
  return -1;
}

/**
 * kol_title_train_by_id:
 *
 * Returns: the index of train def @id, or -1.
 */
int
kol_title_train_by_id (const KolTitle *title,
                       const char     *id)
{
  for (guint i = 0; i < title->n_trains; i++)
    if (g_strcmp0 (title->trains[i].id, id) == 0)
      return (int) i;
  return -1;
}

/**
 * kol_title_phase_by_name:
 *
 * Returns: the index of phase @name, or -1.
 */
int
kol_title_phase_by_name (const KolTitle *title,
                         const char     *name)
{
  for (guint i = 0; i < title->n_phases; i++)
    if (g_strcmp0 (title->phases[i].name, name) == 0)
      return (int) i;
  return -1;
}

/**
 * kol_title_track_by_id:
 *
 * Returns: the index of track type @id, or -1.
 */
int
kol_title_track_by_id (const KolTitle *title,
                       const char     *id)
{
  for (int i = 0; i < title->n_track_types; i++)
    if (g_strcmp0 (title->track_types[i].id, id) == 0)
      return i;
  return -1;
}

/**
 * kol_title_has_option:
 *
 * Returns: %TRUE if option @option is in effect.
 */
gboolean
kol_title_has_option (const KolTitle *title,
                      const char     *option)
{
  for (guint i = 0; title->options && i < title->options->len; i++)
    if (g_strcmp0 (g_ptr_array_index (title->options, i), option) == 0)
      return TRUE;
  return FALSE;
}

/**
 * kol_title_color_rank:
 *
 * Returns: the position of @color in the upgrade order, or -1.
 */
int
kol_title_color_rank (const KolTitle *title,
                      KolColor        color)
{
  for (int i = 0; i < title->n_colors; i++)
    if (title->tile_colors[i] == color)
      return i;
  return -1;
}

/**
 * kol_title_rule:
 *
 * Returns: (transfer full) (nullable): the value of @key in the title's rules,
 * unboxed from its variant.
 */
GVariant *
kol_title_rule (const KolTitle *title,
                const char     *key)
{
  if (title->rules == NULL || !g_variant_is_of_type (title->rules, G_VARIANT_TYPE_VARDICT))
    return NULL;
  return g_variant_lookup_value (title->rules, key, NULL);
}

/**
 * kol_variant_to_int:
 * @value: a number variant (int64, int32, double, or a variant of those)
 * @fallback: the result when @value is not a number
 *
 * Returns: the integer value.
 */
int
kol_variant_to_int (GVariant *value,
                    int       fallback)
{
  if (value == NULL)
    return fallback;
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      g_autoptr(GVariant) inner = g_variant_get_variant (value);
      return kol_variant_to_int (inner, fallback);
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    {
      gint64 v = g_variant_get_int64 (value);

      return (int) CLAMP (v, G_MININT, G_MAXINT);
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    return g_variant_get_int32 (value);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    return (int) g_variant_get_double (value);
  return fallback;
}

/**
 * kol_variant_unbox:
 * @value: (transfer full) (nullable): a variant
 *
 * Rules converted from JSON box every value of a dictionary or an array in
 * a variant ("av", "a{sv}"); the readers want the value inside.
 *
 * Returns: (transfer full) (nullable): @value without the boxes around it
 */
GVariant *
kol_variant_unbox (GVariant *value)
{
  while (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (value);

      g_variant_unref (value);
      value = inner;
    }
  return value;
}

/**
 * kol_variant_lookup:
 * @dict: (nullable): an a{sv} dictionary (anything else has no keys)
 * @key: a key
 *
 * Returns: (transfer full) (nullable): @dict[@key], unboxed
 */
GVariant *
kol_variant_lookup (GVariant   *dict,
                    const char *key)
{
  if (dict == NULL || !g_variant_is_of_type (dict, G_VARIANT_TYPE_VARDICT))
    return NULL;
  return kol_variant_unbox (g_variant_lookup_value (dict, key, NULL));
}

/**
 * kol_title_rule_int:
 *
 * Returns: the integer rule @key, or @fallback if absent or not a number.
 */
int
kol_title_rule_int (const KolTitle *title,
                    const char     *key,
                    int             fallback)
{
  g_autoptr(GVariant) value = kol_title_rule (title, key);

  return kol_variant_to_int (value, fallback);
}

/**
 * kol_title_term:
 * @title: a title
 * @id: a term id ("treasury")
 *
 * Returns: (nullable): the title's own word for @id, from game.json
 *   "terms", or %NULL when the title says it the usual way
 */
const KolText *
kol_title_term (const KolTitle *title,
                const char     *id)
{
  g_return_val_if_fail (title != NULL && id != NULL, NULL);
  for (guint i = 0; i < title->n_terms; i++)
    if (g_strcmp0 (title->terms[i].id, id) == 0)
      return &title->terms[i].text;
  return NULL;
}

/**
 * kol_text_is_set:
 *
 * Returns: %TRUE if @text has an English string.
 */
gboolean
kol_text_is_set (const KolText *text)
{
  return text != NULL && text->en != NULL;
}

/* ------------------------------------------------------------ title checks */

static void
check_problem_free (gpointer data)
{
  KolCheckProblem *p = data;

  g_free (p->path);
  g_free (p->value);
  g_free (p->allowed);
  g_free (p);
}

/**
 * kol_title_check_init:
 *
 * Prepares an empty list of problems.
 */
void
kol_title_check_init (KolTitleCheck *check)
{
  check->problems = g_ptr_array_new_with_free_func (check_problem_free);
}

/**
 * kol_title_check_clear:
 *
 * Frees the problems.
 */
void
kol_title_check_clear (KolTitleCheck *check)
{
  g_clear_pointer (&check->problems, g_ptr_array_unref);
}

/**
 * kol_title_check_add:
 * @path: the JSON path of the value
 * @value: (nullable): the value found, as JSON text, or the key
 *
 * Returns: (transfer none): the new problem, for the fields of its kind
 */
KolCheckProblem *
kol_title_check_add (KolTitleCheck *check,
                     KolCheckKind   kind,
                     KolCheckFile   file,
                     const char    *path,
                     const char    *value)
{
  KolCheckProblem *p = g_new0 (KolCheckProblem, 1);

  p->kind = (guint8) kind;
  p->file = (guint8) file;
  p->text = -1;
  p->path = g_strdup (path);
  p->value = g_strdup (value);
  g_ptr_array_add (check->problems, p);
  return p;
}
