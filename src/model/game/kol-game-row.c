/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"

/**
 * KolGameRow:
 *
 * One row of a panel's table; see kol-game-row.h.
 */
struct _KolGameRow
{
  GObject parent_instance;

  char   **cells;
  gboolean markup;
  gboolean current;
  char    *tooltip;
};

G_DEFINE_FINAL_TYPE (KolGameRow, kol_game_row, G_TYPE_OBJECT)

static const KolItemProp props[] = {
  /** KolGameRow:cells: the cells, left to right */
  { "cells", KOL_ITEM_STRV, KOL_ITEM_FIELD (KolGameRow, cells) },
  /** KolGameRow:markup: the cells are Pango markup */
  { "markup", KOL_ITEM_BOOL, KOL_ITEM_FIELD (KolGameRow, markup) },
  /** KolGameRow:current: the row in effect now (the phase) */
  { "current", KOL_ITEM_BOOL, KOL_ITEM_FIELD (KolGameRow, current) },
  { "tooltip", KOL_ITEM_STRING, KOL_ITEM_FIELD (KolGameRow, tooltip) },
};

enum { PROP_0, PROP_CELLS, PROP_MARKUP, PROP_CURRENT, PROP_TOOLTIP, N_PROPS };

static GParamSpec *properties[N_PROPS];

static void
kol_game_row_finalize (GObject *object)
{
  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  G_OBJECT_CLASS (kol_game_row_parent_class)->finalize (object);
}

static void
kol_game_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_row_class_init (KolGameRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_row_finalize;
  object_class->get_property = kol_game_row_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_row_init (KolGameRow *self)
{
  self->cells = g_new0 (char *, 1);
}

/* Takes @cells and @tooltip. */
static void
row_set (KolGameRow *self,
         char      **cells,
         gboolean    markup,
         gboolean    current,
         char       *tooltip)
{
  GObject *o = G_OBJECT (self);

  g_object_freeze_notify (o);
  _kol_set_strv (o, &self->cells, cells, properties[PROP_CELLS]);
  _kol_set_bool (o, &self->markup, markup, properties[PROP_MARKUP]);
  _kol_set_bool (o, &self->current, current, properties[PROP_CURRENT]);
  _kol_set_string (o, &self->tooltip, tooltip, properties[PROP_TOOLTIP]);
  g_object_thaw_notify (o);
}

/**
 * _kol_game_rows_sync:
 * @store: a #GListStore of #KolGameRow
 * @rows: (element-type KolGameRowSpec): the rows it is to hold, consumed
 *   (their strings are taken)
 *
 * Makes @store hold @rows: rows that stay are refreshed in place (each
 * property notifying only when it changed); the list changes length only
 * at its end.
 */
void
_kol_game_rows_sync (GListStore *store,
                     GArray     *rows)
{
  guint have = g_list_model_get_n_items (G_LIST_MODEL (store));

  for (guint i = 0; i < rows->len; i++)
    {
      KolGameRowSpec *spec = &g_array_index (rows, KolGameRowSpec, i);
      g_autoptr(KolGameRow) row = i < have ? g_list_model_get_item (G_LIST_MODEL (store), i)
                                           : g_object_new (KOL_TYPE_GAME_ROW, NULL);

      row_set (row, g_steal_pointer (&spec->cells), spec->markup, spec->current,
               g_steal_pointer (&spec->tooltip));
      if (i >= have)
        g_list_store_append (store, row);
    }
  if (have > rows->len)
    g_list_store_splice (store, rows->len, have - rows->len, NULL, 0);
}

/**
 * _kol_game_row_spec_add:
 * @rows: (element-type KolGameRowSpec): rows being made
 * @markup: the cells are Pango markup
 * @current: the row in effect now
 * @tooltip: (transfer full) (nullable): its tooltip
 * @...: the cells (transfer full), ending with %NULL
 */
void
_kol_game_row_spec_add (GArray   *rows,
                        gboolean  markup,
                        gboolean  current,
                        char     *tooltip,
                        ...)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  KolGameRowSpec spec = { NULL, markup, current, tooltip };
  va_list args;
  char *cell;

  va_start (args, tooltip);
  while ((cell = va_arg (args, char *)) != NULL)
    g_ptr_array_add (cells, cell);
  va_end (args);
  g_ptr_array_add (cells, NULL);
  spec.cells = (char **) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
  g_array_append_val (rows, spec);
}

static void
row_spec_clear (gpointer data)
{
  KolGameRowSpec *spec = data;

  g_strfreev (spec->cells);
  g_free (spec->tooltip);
}

/** _kol_game_row_specs_new: Returns: (transfer full): an empty array of
 * #KolGameRowSpec that frees what its rows still hold */
GArray *
_kol_game_row_specs_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (KolGameRowSpec));

  g_array_set_clear_func (rows, row_spec_clear);
  return rows;
}

const char * const *
kol_game_row_get_cells (KolGameRow *self)
{
  g_return_val_if_fail (KOL_IS_GAME_ROW (self), NULL);
  return (const char * const *) self->cells;
}

/**
 * kol_game_row_get_cell:
 *
 * Returns: (nullable): the cell of @column, or %NULL past the last one
 */
const char *
kol_game_row_get_cell (KolGameRow *self,
                       guint       column)
{
  g_return_val_if_fail (KOL_IS_GAME_ROW (self), NULL);
  return column < g_strv_length (self->cells) ? self->cells[column] : NULL;
}

gboolean
kol_game_row_get_markup (KolGameRow *self)
{
  g_return_val_if_fail (KOL_IS_GAME_ROW (self), FALSE);
  return self->markup;
}

gboolean
kol_game_row_get_current (KolGameRow *self)
{
  g_return_val_if_fail (KOL_IS_GAME_ROW (self), FALSE);
  return self->current;
}

const char *
kol_game_row_get_tooltip (KolGameRow *self)
{
  g_return_val_if_fail (KOL_IS_GAME_ROW (self), NULL);
  return self->tooltip;
}
