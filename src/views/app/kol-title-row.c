/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-title-row.h"

/**
 * KolTitleRow:
 *
 * One title on the start page: its name, designer and player range.
 */
struct _KolTitleRow
{
  GtkListBoxRow parent_instance;

  KolTitleInfo *title_info;

  GtkLabel *name_label;
  GtkLabel *designer_label;
  GtkLabel *players_label;
};

G_DEFINE_FINAL_TYPE (KolTitleRow, kol_title_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_TITLE_INFO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_title_row_constructed (GObject *object)
{
  KolTitleRow *self = KOL_TITLE_ROW (object);
  const char *designer = kol_title_info_get_designer (self->title_info);
  g_autofree char *players = kol_title_info_dup_players_label (self->title_info);

  G_OBJECT_CLASS (kol_title_row_parent_class)->constructed (object);

  gtk_label_set_label (self->name_label, kol_title_info_get_name (self->title_info));
  gtk_label_set_label (self->players_label, players);
  gtk_widget_set_visible (GTK_WIDGET (self->designer_label), *designer != '\0');
  if (*designer != '\0')
    {
      /* Translators: %s is the name of a game's designer. */
      g_autofree char *by = g_strdup_printf (_("Designed by %s"), designer);

      gtk_label_set_label (self->designer_label, by);
    }
}

static void
kol_title_row_dispose (GObject *object)
{
  KolTitleRow *self = KOL_TITLE_ROW (object);

  g_clear_object (&self->title_info);

  G_OBJECT_CLASS (kol_title_row_parent_class)->dispose (object);
}

static void
kol_title_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  KolTitleRow *self = KOL_TITLE_ROW (object);

  switch (prop_id)
    {
    case PROP_TITLE_INFO:
      g_value_set_object (value, self->title_info);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_row_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  KolTitleRow *self = KOL_TITLE_ROW (object);

  switch (prop_id)
    {
    case PROP_TITLE_INFO:
      self->title_info = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_row_class_init (KolTitleRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = kol_title_row_constructed;
  object_class->dispose = kol_title_row_dispose;
  object_class->get_property = kol_title_row_get_property;
  object_class->set_property = kol_title_row_set_property;

  /** KolTitleRow:title-info: the title shown. */
  properties[PROP_TITLE_INFO] =
    g_param_spec_object ("title-info", NULL, NULL, KOL_TYPE_TITLE_INFO,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-title-row.ui");
  gtk_widget_class_bind_template_child (widget_class, KolTitleRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, KolTitleRow, designer_label);
  gtk_widget_class_bind_template_child (widget_class, KolTitleRow, players_label);
}

static void
kol_title_row_init (KolTitleRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_title_row_new:
 * @info: the title to show
 *
 * Returns: (transfer floating): a new row
 */
GtkWidget *
kol_title_row_new (KolTitleInfo *info)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (info), NULL);

  return g_object_new (KOL_TYPE_TITLE_ROW, "title-info", info, NULL);
}

/** kol_title_row_get_title_info: Returns: (transfer none): the title shown */
KolTitleInfo *
kol_title_row_get_title_info (KolTitleRow *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ROW (self), NULL);
  return self->title_info;
}
