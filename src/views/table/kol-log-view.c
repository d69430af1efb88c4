/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-panel-util.h"

#include "kol-game-log-entry.h"
#include "kol-log-view.h"

/**
 * KolLogView:
 *
 * The log; see kol-log-view.h. A #GtkListView over kol_game_get_log():
 * each row is a box with an optional round heading and the entry's text;
 * rows are recycled, so the marks of the point shown are set when a row is
 * bound and again, on the bound rows, when the game moves.
 */
struct _KolLogView
{
  GtkWidget parent_instance;

  KolGame     *game;
  GListModel  *log;
  GHashTable  *bound;        /* GtkListItem* of the bound rows */
  int          current;      /* index of the entry shown, -1 */
  guint        scroll_idle;

  GtkWidget   *past_banner;
  GtkLabel    *past_label;
  GtkWidget   *scroller;
  GtkListView *list;
};

G_DEFINE_FINAL_TYPE (KolLogView, kol_log_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static KolGameLogEntry *
entry_at (KolLogView *self,
          guint       index)
{
  return self->log != NULL ? g_list_model_get_item (self->log, index) : NULL;
}

/* The last entry at or before the point shown (positions never decrease
 * along the log), or -1. */
static int
find_current (KolLogView *self)
{
  guint position = 0;
  guint lo = 0, hi = self->log != NULL ? g_list_model_get_n_items (self->log) : 0;

  if (self->game == NULL)
    return -1;
  g_object_get (self->game, "position", &position, NULL);
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      g_autoptr(KolGameLogEntry) entry = entry_at (self, mid);

      if (kol_game_log_entry_get_position (entry) <= position)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (int) lo - 1;
}

static gboolean
is_live (KolLogView *self)
{
  gboolean live = TRUE;

  if (self->game != NULL)
    g_object_get (self->game, "live", &live, NULL);
  return live;
}

/* ---------------------------------------------------------------- rows */

static void
mark_row (KolLogView  *self,
          GtkListItem *item)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  KolGameLogEntry *entry = gtk_list_item_get_item (item);
  int index = (int) gtk_list_item_get_position (item);
  gboolean shown = !is_live (self) && index == self->current;

  if (entry == NULL || row == NULL)
    return;
  if (kol_game_log_entry_get_future (entry) || (self->current >= 0 && index > self->current))
    gtk_widget_add_css_class (row, "kol-future");
  else
    gtk_widget_remove_css_class (row, "kol-future");
  if (shown)
    gtk_widget_add_css_class (row, "kol-current");
  else
    gtk_widget_remove_css_class (row, "kol-current");
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_SELECTED, shown, -1);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           KolLogView               *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *round = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (round), 0);
  gtk_widget_add_css_class (round, "kol-log-round");
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), round);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_add_css_class (box, "kol-log-row");
  gtk_list_item_set_child (item, box);
}

/* Does a round heading go above entry @index? Not above an entry that
 * announces the round itself: that one is drawn as the heading. */
static gboolean
starts_round (KolLogView      *self,
              KolGameLogEntry *entry,
              guint            index)
{
  g_autoptr(KolGameLogEntry) previous = NULL;
  const char *round = kol_game_log_entry_get_round (entry);

  if (round == NULL || *round == '\0' || kol_game_log_entry_get_category (entry) == KOL_LOG_CATEGORY_ROUND)
    return FALSE;
  if (index == 0)
    return TRUE;
  previous = entry_at (self, index - 1);
  return previous == NULL || g_strcmp0 (kol_game_log_entry_get_round (previous), round) != 0;
}

static const char *category_classes[] = { "kol-log-action", "kol-log-detail", "kol-log-event", "kol-log-round-entry" };

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          KolLogView               *self)
{
  KolGameLogEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *round = gtk_widget_get_first_child (box);
  GtkWidget *text = gtk_widget_get_next_sibling (round);
  KolLogCategory category = kol_game_log_entry_get_category (entry);
  gboolean heading = starts_round (self, entry, gtk_list_item_get_position (item));

  /* an entry announcing a round is the heading itself */
  if (category == KOL_LOG_CATEGORY_ROUND)
    gtk_label_set_text (GTK_LABEL (round), kol_game_log_entry_get_text (entry));
  else
    gtk_label_set_text (GTK_LABEL (round), kol_game_log_entry_get_round (entry));
  gtk_widget_set_visible (round, heading || category == KOL_LOG_CATEGORY_ROUND);
  gtk_widget_set_visible (text, category != KOL_LOG_CATEGORY_ROUND);
  gtk_label_set_text (GTK_LABEL (text), kol_game_log_entry_get_text (entry));
  for (guint i = 0; i < G_N_ELEMENTS (category_classes); i++)
    gtk_widget_remove_css_class (text, category_classes[i]);
  if ((guint) category < G_N_ELEMENTS (category_classes))
    gtk_widget_add_css_class (text, category_classes[category]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kol_game_log_entry_get_text (entry), -1);
  g_hash_table_add (self->bound, item);
  mark_row (self, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            KolLogView               *self)
{
  g_hash_table_remove (self->bound, item);
}

/* ------------------------------------------------------------- moving */

/* While live, the newest entry; in the past, the entry shown. */
static gboolean
scroll_cb (gpointer data)
{
  KolLogView *self = data;
  guint n = self->log != NULL ? g_list_model_get_n_items (self->log) : 0;
  guint target = is_live (self) || self->current < 0 ? n - 1 : (guint) self->current;

  self->scroll_idle = 0;
  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", MIN (target, n - 1));
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (KolLogView *self)
{
  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_cb, self, NULL);
}

static void
refresh_marks (KolLogView *self)
{
  GHashTableIter iter;
  gpointer item;
  gboolean live = is_live (self);

  self->current = find_current (self);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    mark_row (self, item);
  gtk_widget_set_visible (self->past_banner, !live);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log.show-live", !live);
  if (!live)
    {
      guint position = 0, n_actions = 0;
      g_autofree char *text = NULL;

      g_object_get (self->game, "position", &position, "n-actions", &n_actions, NULL);
      /* Translators: the log shows the game at an earlier point. */
      text = g_strdup_printf (_("Showing the game after action %u of %u"), position, n_actions);
      gtk_label_set_text (self->past_label, text);
    }
}

static void
log_changed (KolLogView *self,
             guint       position,
             guint       removed,
             guint       added)
{
  refresh_marks (self);
  if (added > 0 && is_live (self))
    queue_scroll (self);
}

/* The game moved (a seek, an undo, back to the present). */
static void
position_changed (KolLogView *self)
{
  int before = self->current;

  refresh_marks (self);
  if (self->current != before)
    queue_scroll (self);
}

static void
activate_cb (GtkListView *list,
             guint        index,
             KolLogView  *self)
{
  kol_log_view_activate_entry (self, index);
}

static void
show_live_cb (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  KolLogView *self = KOL_LOG_VIEW (widget);
  g_autoptr(GError) error = NULL;
  guint n_actions = 0;

  if (self->game == NULL)
    return;
  g_object_get (self->game, "n-actions", &n_actions, NULL);
  if (!kol_game_seek (self->game, n_actions, &error))
    g_debug ("cannot return to the present: %s", error->message);
}

/**
 * kol_log_view_activate_entry:
 * @self: a view
 * @index: an entry of the log
 *
 * Shows the game just after entry @index, as a click on it does.
 *
 * Returns: %FALSE if the game cannot be shown there
 */
gboolean
kol_log_view_activate_entry (KolLogView *self,
                             guint       index)
{
  g_autoptr(KolGameLogEntry) entry = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (KOL_IS_LOG_VIEW (self), FALSE);
  if (self->game == NULL || (entry = entry_at (self, index)) == NULL)
    return FALSE;
  if (!kol_game_seek (self->game, kol_game_log_entry_get_position (entry), &error))
    {
      g_debug ("cannot show log entry %u: %s", index, error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_log_view_get_current:
 * @self: a view
 *
 * Returns: the entry marked as the point shown (the last one at or before
 *   it), -1 when none
 */
int
kol_log_view_get_current (KolLogView *self)
{
  g_return_val_if_fail (KOL_IS_LOG_VIEW (self), -1);
  return self->current;
}

/* ------------------------------------------------------------ binding */

static void
unbind (KolLogView *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->log != NULL)
    g_signal_handlers_disconnect_by_data (self->log, self);
  if (self->list != NULL)
    gtk_list_view_set_model (self->list, NULL);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  g_clear_object (&self->log);
  g_clear_object (&self->game);
  self->current = -1;
}

/**
 * kol_log_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_log_view_set_game (KolLogView *self,
                       KolGame    *game)
{
  g_return_if_fail (KOL_IS_LOG_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  unbind (self);
  if (game != NULL)
    {
      GtkSelectionModel *selection;

      self->game = g_object_ref (game);
      self->log = g_object_ref (kol_game_get_log (game));
      selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (self->log)));
      gtk_list_view_set_model (self->list, selection);
      g_object_unref (selection);
      g_signal_connect_object (self->log, "items-changed", G_CALLBACK (log_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::position", G_CALLBACK (position_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::live", G_CALLBACK (position_changed), self, G_CONNECT_SWAPPED);
      refresh_marks (self);
      queue_scroll (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_log_view_get_game (KolLogView *self)
{
  g_return_val_if_fail (KOL_IS_LOG_VIEW (self), NULL);
  return self->game;
}

static void
kol_log_view_dispose (GObject *object)
{
  KolLogView *self = KOL_LOG_VIEW (object);

  unbind (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_LOG_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_log_view_parent_class)->dispose (object);
}

static void
kol_log_view_finalize (GObject *object)
{
  KolLogView *self = KOL_LOG_VIEW (object);

  g_clear_pointer (&self->bound, g_hash_table_unref);
  G_OBJECT_CLASS (kol_log_view_parent_class)->finalize (object);
}

static void
kol_log_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KolLogView *self = KOL_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_log_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  KolLogView *self = KOL_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_log_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_log_view_class_init (KolLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_log_view_dispose;
  object_class->finalize = kol_log_view_finalize;
  object_class->get_property = kol_log_view_get_property;
  object_class->set_property = kol_log_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "log.show-live", NULL, show_live_cb);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-log-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolLogView, past_banner);
  gtk_widget_class_bind_template_child (widget_class, KolLogView, past_label);
  gtk_widget_class_bind_template_child (widget_class, KolLogView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolLogView, list);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
  gtk_widget_class_set_css_name (widget_class, "kol-log-view");
}

static void
kol_log_view_init (KolLogView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->current = -1;
  self->bound = g_hash_table_new (NULL, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list, factory);
  g_object_unref (factory);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log.show-live", FALSE);
}

/**
 * kol_log_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_log_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_LOG_VIEW, "game", game, NULL);
}
