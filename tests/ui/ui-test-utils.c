/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ui-test-utils.h"

/* Long enough for a sanitizer build on a loaded machine (CI saw a single
 * main-loop turn take over 40 s there); a wait only fails what never happens. */
#define WAIT_TIMEOUT_USEC (120 * G_USEC_PER_SEC)

/**
 * kol_test_skip_without_display:
 *
 * gtk_test_init() aborts when there is no display, so a ui test's main()
 * first calls this and returns 0 if it is %TRUE (meson then reports SKIP).
 *
 * Returns: %TRUE if there is no display and the skip plan was printed
 */
gboolean
kol_test_skip_without_display (void)
{
  if (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL)
    return FALSE;

  g_print ("1..0 # SKIP no display\n");
  return TRUE;
}

/* Runs the main loop until @condition holds; fails after two minutes. */
void
kol_test_wait_until (gboolean (*condition) (gpointer data),
                     gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_TIMEOUT_USEC;

  while (!condition (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Runs the main loop for @ms milliseconds. */
void
kol_test_iterate (guint ms)
{
  gint64 until = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Depth first, @root included. */
GtkWidget *
kol_test_find_descendant (GtkWidget *root,
                          GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = kol_test_find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

/* The text of every visible label under @root, one per line. */
char *
kol_test_collect_labels (GtkWidget *root)
{
  GString *out = g_string_new (NULL);

  collect_labels (root, out);
  return g_string_free (out, FALSE);
}

/* Every shown child of a box lies inside the box: a wrapping line measured
 * too short makes its box overflow onto the next widget (the bank's "next
 * purchases" ran over its phase table: GTK 4.8 keeps a box's request mode
 * from when it was empty). */
void
kol_test_assert_boxes_fit (GtkWidget  *widget,
                           const char *panel)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      graphene_rect_t bounds;

      /* content only: GTK's own parts (GtkGizmo) may draw past their box */
      if (GTK_IS_BOX (widget) && (GTK_IS_LABEL (c) || GTK_IS_BOX (c) || GTK_IS_GRID (c)) &&
          gtk_widget_get_mapped (c) && gtk_widget_compute_bounds (c, widget, &bounds) &&
          bounds.origin.y + bounds.size.height > gtk_widget_get_height (widget) + 1)
        g_error ("%s: a %s ends at %.0f px in a %s %d px high", panel, G_OBJECT_TYPE_NAME (c),
                 bounds.origin.y + bounds.size.height, G_OBJECT_TYPE_NAME (widget), gtk_widget_get_height (widget));
      kol_test_assert_boxes_fit (c, panel);
    }
}

/**
 * kol_test_is_mapped:
 *
 * A condition for kol_test_wait_until(): @widget is on screen.
 */
gboolean
kol_test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

typedef struct
{
  GType      type;
  GtkWidget *found;
} Toplevel;

static gboolean
has_toplevel (gpointer data)
{
  Toplevel *t = data;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, t->type) && gtk_widget_get_visible (window))
        {
          t->found = window;
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * kol_test_wait_for_toplevel:
 *
 * Runs the main loop until a window of @type is shown (a dialog opened
 * by an action).
 *
 * Returns: (transfer none): the window
 */
GtkWidget *
kol_test_wait_for_toplevel (GType type)
{
  Toplevel t = { type, NULL };

  kol_test_wait_until (has_toplevel, &t);
  return t.found;
}

/**
 * kol_test_find_action_button:
 *
 * Returns: (transfer none) (nullable): the first button under @root whose
 *   action is @action_name
 */
GtkWidget *
kol_test_find_action_button (GtkWidget  *root,
                             const char *action_name)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action_name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = kol_test_find_action_button (c, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}
