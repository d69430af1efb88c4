/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-autosave-row.h"
#include "kol-display-text.h"

/**
 * KolAutosaveRow:
 *
 * One interrupted game (a #KolAutosaveEntry) in a list: the title, the
 * players, the move it stopped at and when; activating the row resumes it
 * (win.resume), its trash button discards it (win.discard-autosave), both
 * with the file's path. A damaged autosave says what is wrong and can only
 * be discarded. Names from the file are shown isolated, so that a name
 * written right to left cannot reorder the line.
 */
struct _KolAutosaveRow
{
  GtkListBoxRow parent_instance;

  KolAutosaveEntry *entry;

  GtkLabel *title_label;
  GtkLabel *players_label;
  GtkLabel *detail_label;
  GtkLabel *problem_label;
  GtkWidget *discard_button;
};

G_DEFINE_FINAL_TYPE (KolAutosaveRow, kol_autosave_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_ENTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
players_text (KolAutosaveEntry *entry)
{
  const char * const *names = kol_autosave_entry_get_player_names (entry);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *name = kol_display_isolate (names[i]);

      if (i > 0)
        /* Translators: between the names of two players. */
        g_string_append (text, _(", "));
      g_string_append (text, name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "Move 57 · 27.11.2026 09:20" */
static char *
detail_text (KolAutosaveEntry *entry)
{
  g_autofree char *when = kol_display_when (kol_autosave_entry_get_modified (entry));
  /* Translators: how many moves an interrupted game had. */
  g_autofree char *move = g_strdup_printf (_("Move %u"), kol_autosave_entry_get_n_actions (entry));

  if (when == NULL)
    return g_steal_pointer (&move);
  /* Translators: the move an interrupted game stopped at, then when: "Move 57 · 27.11.2026 09:20". */
  return g_strdup_printf (_("%s · %s"), move, when);
}

static void
kol_autosave_row_constructed (GObject *object)
{
  KolAutosaveRow *self = KOL_AUTOSAVE_ROW (object);
  const char *problem = kol_autosave_entry_get_problem (self->entry);
  const char *name = kol_autosave_entry_get_title_name (self->entry);
  g_autofree char *path = g_file_get_path (kol_autosave_entry_get_file (self->entry));
  g_autofree char *file_name = kol_display_file_name (kol_autosave_entry_get_file (self->entry));
  g_autofree char *players = players_text (self->entry);
  g_autofree char *detail = detail_text (self->entry);
  g_autofree char *accessible = NULL;

  G_OBJECT_CLASS (kol_autosave_row_parent_class)->constructed (object);

  gtk_label_set_label (self->title_label, name != NULL ? name : file_name);
  gtk_label_set_label (self->players_label, players);
  gtk_widget_set_visible (GTK_WIDGET (self->players_label), *players != '\0');
  gtk_label_set_label (self->detail_label, detail);
  gtk_widget_set_visible (GTK_WIDGET (self->detail_label), problem == NULL);
  gtk_label_set_label (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), problem == NULL && path != NULL);
  if (problem == NULL && path != NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self), "win.resume");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self), "s", path);
    }
  if (path != NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->discard_button), "win.discard-autosave");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->discard_button), "s", path);
    }
  /* Translators: what a screen reader says for an interrupted game: its title. */
  accessible = g_strdup_printf (_("Resume %s"), name != NULL ? name : file_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

static void
kol_autosave_row_dispose (GObject *object)
{
  KolAutosaveRow *self = KOL_AUTOSAVE_ROW (object);

  g_clear_object (&self->entry);
  G_OBJECT_CLASS (kol_autosave_row_parent_class)->dispose (object);
}

static void
kol_autosave_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KolAutosaveRow *self = KOL_AUTOSAVE_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_autosave_row_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KolAutosaveRow *self = KOL_AUTOSAVE_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      self->entry = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_autosave_row_class_init (KolAutosaveRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = kol_autosave_row_constructed;
  object_class->dispose = kol_autosave_row_dispose;
  object_class->get_property = kol_autosave_row_get_property;
  object_class->set_property = kol_autosave_row_set_property;

  /** KolAutosaveRow:entry: the interrupted game shown. */
  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL, KOL_TYPE_AUTOSAVE_ENTRY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-autosave-row.ui");
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveRow, players_label);
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveRow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveRow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveRow, discard_button);
}

static void
kol_autosave_row_init (KolAutosaveRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_autosave_row_new:
 * @entry: the interrupted game to show
 *
 * Returns: (transfer floating): a new row
 */
GtkWidget *
kol_autosave_row_new (KolAutosaveEntry *entry)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (entry), NULL);

  return g_object_new (KOL_TYPE_AUTOSAVE_ROW, "entry", entry, NULL);
}

/** kol_autosave_row_get_entry: Returns: (transfer none): the game shown */
KolAutosaveEntry *
kol_autosave_row_get_entry (KolAutosaveRow *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ROW (self), NULL);
  return self->entry;
}
