/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-autosave-row.h"
#include "kol-start-page.h"
#include "kol-title-info.h"
#include "kol-title-row.h"

/**
 * KolStartPage:
 *
 * The page a window opens on: a welcome, the interrupted games (every
 * autosave, each to resume or discard: KolAutosaveRow), recent saves, and
 * the game titles found, or a note that there are none yet.
 */
struct _KolStartPage
{
  GtkWidget parent_instance;

  GListModel *titles;
  GListModel *interrupted;

  GtkWidget *scroller;  /* bound so that dispose_template() unparents it */
  GtkStack *stack;
  GtkListBox *title_list;
  GtkWidget *resume_box;
  GtkListBox *resume_list;
  GtkWidget *interrupted_box;
  GtkListBox *interrupted_list;
};

G_DEFINE_FINAL_TYPE (KolStartPage, kol_start_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TITLES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_title_row (gpointer item,
                  gpointer user_data)
{
  KolTitleInfo *info = KOL_TITLE_INFO (item);
  GtkWidget *row = kol_title_row_new (info);

  /* choosing a title starts a new game of it */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.new-game-for-title");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", kol_title_info_get_id (info));
  return row;
}

static void
update_visible_page (KolStartPage *self)
{
  gboolean empty = self->titles == NULL || g_list_model_get_n_items (self->titles) == 0;

  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "titles");
}

static void
kol_start_page_dispose (GObject *object)
{
  KolStartPage *self = KOL_START_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_START_PAGE);
  g_clear_object (&self->titles);
  g_clear_object (&self->interrupted);

  G_OBJECT_CLASS (kol_start_page_parent_class)->dispose (object);
}

static void
kol_start_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KolStartPage *self = KOL_START_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLES:
      g_value_set_object (value, self->titles);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_start_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KolStartPage *self = KOL_START_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLES:
      kol_start_page_set_titles (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_start_page_class_init (KolStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_start_page_dispose;
  object_class->get_property = kol_start_page_get_property;
  object_class->set_property = kol_start_page_set_property;

  /** KolStartPage:titles: the #KolTitleInfo list shown, or %NULL for none. */
  properties[PROP_TITLES] =
    g_param_spec_object ("titles", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, stack);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, title_list);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, resume_box);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, resume_list);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, interrupted_box);
  gtk_widget_class_bind_template_child (widget_class, KolStartPage, interrupted_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_start_page_init (KolStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_visible_page (self);
}

/**
 * kol_start_page_new:
 *
 * Returns: (transfer floating): a start page with no titles
 */
GtkWidget *
kol_start_page_new (void)
{
  return g_object_new (KOL_TYPE_START_PAGE, NULL);
}

/** kol_start_page_get_titles: Returns: (transfer none) (nullable): the titles shown */
GListModel *
kol_start_page_get_titles (KolStartPage *self)
{
  g_return_val_if_fail (KOL_IS_START_PAGE (self), NULL);
  return self->titles;
}

/**
 * kol_start_page_set_titles:
 * @self: a #KolStartPage
 * @titles: (nullable): a #GListModel of #KolTitleInfo
 *
 * Shows @titles, and keeps following its changes.
 */
void
kol_start_page_set_titles (KolStartPage *self,
                           GListModel   *titles)
{
  g_return_if_fail (KOL_IS_START_PAGE (self));
  g_return_if_fail (titles == NULL || G_IS_LIST_MODEL (titles));

  if (self->titles == titles)
    return;
  if (self->titles != NULL)
    g_signal_handlers_disconnect_by_func (self->titles, update_visible_page, self);
  g_set_object (&self->titles, titles);

  gtk_list_box_bind_model (self->title_list, titles, create_title_row, NULL, NULL);
  if (titles != NULL)
    g_signal_connect_object (titles, "items-changed",
                             G_CALLBACK (update_visible_page), self, G_CONNECT_SWAPPED);
  update_visible_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLES]);
}

/**
 * kol_start_page_clear_resumable:
 * @self: a #KolStartPage
 *
 * Removes every game offered for resuming.
 */
void
kol_start_page_clear_resumable (KolStartPage *self)
{
  GtkWidget *row;

  g_return_if_fail (KOL_IS_START_PAGE (self));
  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->resume_list))) != NULL)
    gtk_list_box_remove (self->resume_list, row);
  gtk_widget_set_visible (self->resume_box, FALSE);
}

/**
 * kol_start_page_add_resumable:
 * @self: a #KolStartPage
 * @file: a save file (an autosave or a recent save)
 * @heading: what it is ("Resume the interrupted game")
 * @detail: (nullable): a second line (the file's name, when it was saved)
 *
 * Offers @file for playing on: activating the row activates "win.resume"
 * with the file's path.
 */
void
kol_start_page_add_resumable (KolStartPage *self,
                              GFile        *file,
                              const char   *heading,
                              const char   *detail)
{
  g_autofree char *path = NULL;
  GtkWidget *button, *box, *label;

  g_return_if_fail (KOL_IS_START_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (heading != NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    return;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  if (detail != NULL)
    {
      label = gtk_label_new (detail);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.resume");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", path);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
  gtk_list_box_append (self->resume_list, button);
  gtk_widget_set_visible (self->resume_box, TRUE);
}

/** kol_start_page_get_n_resumable: Returns: how many games are offered */
guint
kol_start_page_get_n_resumable (KolStartPage *self)
{
  guint n = 0;

  g_return_val_if_fail (KOL_IS_START_PAGE (self), 0);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->resume_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n += GTK_IS_LIST_BOX_ROW (row) ? 1 : 0;
  return n;
}

static GtkWidget *
create_autosave_row (gpointer item,
                     gpointer user_data)
{
  return kol_autosave_row_new (KOL_AUTOSAVE_ENTRY (item));
}

static void
update_interrupted (KolStartPage *self)
{
  gtk_widget_set_visible (self->interrupted_box,
                          self->interrupted != NULL && g_list_model_get_n_items (self->interrupted) > 0);
}

/**
 * kol_start_page_set_interrupted:
 * @self: a #KolStartPage
 * @games: (nullable): a #GListModel of #KolAutosaveEntry (a #KolAutosaveList)
 *
 * Lists the interrupted games, each to resume or discard, and keeps
 * following the list's changes.
 */
void
kol_start_page_set_interrupted (KolStartPage *self,
                                GListModel   *games)
{
  g_return_if_fail (KOL_IS_START_PAGE (self));
  g_return_if_fail (games == NULL || G_IS_LIST_MODEL (games));

  if (self->interrupted == games)
    return;
  if (self->interrupted != NULL)
    g_signal_handlers_disconnect_by_func (self->interrupted, update_interrupted, self);
  g_set_object (&self->interrupted, games);
  gtk_list_box_bind_model (self->interrupted_list, games, create_autosave_row, NULL, NULL);
  if (games != NULL)
    g_signal_connect_object (games, "items-changed", G_CALLBACK (update_interrupted), self, G_CONNECT_SWAPPED);
  update_interrupted (self);
}

/** kol_start_page_get_n_interrupted: Returns: how many interrupted games are listed */
guint
kol_start_page_get_n_interrupted (KolStartPage *self)
{
  g_return_val_if_fail (KOL_IS_START_PAGE (self), 0);
  return self->interrupted != NULL ? g_list_model_get_n_items (self->interrupted) : 0;
}
