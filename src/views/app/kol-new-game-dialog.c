/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "kol-new-game-dialog.h"
#include "kol-title-info.h"
#include "kol-title-options.h"

#define MAX_NAMES 8

/**
 * KolNewGameDialog:
 *
 * Sets up a new game. The fields of every seat the title allows exist from
 * the start (only those in play are shown), so names and who plays each
 * seat (a person, or the computer at a strength) are kept when the player
 * count changes. The names and seats of the last new game of each title
 * come back (GSettings "last-players", when the window gives its settings).
 * Options are rebuilt for each title, and
 * after every change only the options still allowed stay sensitive.
 */
struct _KolNewGameDialog
{
  GtkWindow parent_instance;

  GListModel *titles;         /* KolTitleInfo */
  GSettings  *settings;       /* the players of the last game, or NULL */
  GPtrArray  *options;        /* KolTitleOption of the title chosen */
  GPtrArray  *option_checks;  /* GtkCheckButton, as options */
  GtkWidget  *name_entries[MAX_NAMES];
  GtkWidget  *seat_rows[MAX_NAMES];
  GtkDropDown *seat_dropdowns[MAX_NAMES];
  gboolean    updating;

  GtkDropDown   *title_dropdown;
  GtkSpinButton *players_spin;
  GtkAdjustment *players_adjustment;
  GtkEntry      *seed_entry;
  GtkBox        *names_box;
  GtkBox        *options_box;
  GtkLabel      *error_label;
  GtkExpander   *details_expander;
  GtkLabel      *details_label;
};

G_DEFINE_FINAL_TYPE (KolNewGameDialog, kol_new_game_dialog, GTK_TYPE_WINDOW)

enum {
  GAME_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static KolTitleInfo *
selected_title (KolNewGameDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->title_dropdown);

  if (self->titles == NULL || i == GTK_INVALID_LIST_POSITION || i >= g_list_model_get_n_items (self->titles))
    return NULL;
  return g_list_model_get_item (self->titles, i);
}

/* @message as the model writes its errors: what happened, then, after a
 * blank line, the details (which file, where in it), folded away. */
static void
show_error (KolNewGameDialog *self,
            const char       *message)
{
  const char *details = message != NULL ? strstr (message, "\n\n") : NULL;
  g_autofree char *text = details != NULL ? g_strndup (message, (gsize) (details - message)) : g_strdup (message);

  gtk_label_set_label (self->error_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  gtk_label_set_label (self->details_label, details != NULL ? details + 2 : "");
  gtk_widget_set_visible (GTK_WIDGET (self->details_expander), details != NULL && details[2] != '\0');
}

/* ---------------------------------------------------------------- names */

static void
show_names (KolNewGameDialog *self)
{
  int n = gtk_spin_button_get_value_as_int (self->players_spin);

  for (int i = 0; i < MAX_NAMES; i++)
    gtk_widget_set_visible (self->seat_rows[i], i < n);
}

/* Who plays a seat: the position in the seat's drop-down is the strength
 * of KolPolicyKind (1 easy, 2 medium, 3 strong), 0 a person. */
static GtkDropDown *
seat_dropdown (const char *seat_name)
{
  /* Translators: who plays a seat of a new game. */
  const char *const kinds[] = { N_("Person"), N_("Computer, easy"), N_("Computer, medium"),
                                N_("Computer, strong"), NULL };
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  /* Translators: the accessible name of a seat's drop-down: "Who plays
   * Player 2". */
  g_autofree char *label = g_strdup_printf (_("Who plays %s"), seat_name);
  GtkDropDown *dropdown;

  for (int k = 0; kinds[k] != NULL; k++)
    gtk_string_list_append (list, _(kinds[k]));
  dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown),
                               _("A person, or the computer at a strength; computers play by themselves"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return dropdown;
}

static void
build_names (KolNewGameDialog *self)
{
  for (int i = 0; i < MAX_NAMES; i++)
    {
      /* Translators: the default name of a seat, and the label of its
       * name field: "Player 1". */
      g_autofree char *name = g_strdup_printf (_("Player %d"), i + 1);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *entry = gtk_entry_new ();

      gtk_editable_set_text (GTK_EDITABLE (entry), name);
      gtk_entry_set_max_length (GTK_ENTRY (entry), 60);
      gtk_widget_set_hexpand (entry, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      self->seat_dropdowns[i] = seat_dropdown (name);
      gtk_box_append (GTK_BOX (row), entry);
      gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->seat_dropdowns[i]));
      gtk_box_append (self->names_box, row);
      self->name_entries[i] = entry;
      self->seat_rows[i] = row;
    }
}

/* -------------------------------------------------------------- options */

static GStrv
chosen_options (KolNewGameDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; self->options != NULL && i < self->options->len; i++)
    {
      KolTitleOption *option = g_ptr_array_index (self->options, i);
      GtkCheckButton *check = g_ptr_array_index (self->option_checks, i);

      if (check != NULL && gtk_check_button_get_active (check) &&
          gtk_widget_get_sensitive (GTK_WIDGET (check)))
        g_strv_builder_add (builder, option->id);
    }
  return g_strv_builder_end (builder);
}

/* After a change, options that are no longer allowed are cleared and
 * made insensitive; clearing one may forbid another, hence the loop. */
static void
update_options (KolNewGameDialog *self)
{
  int n = gtk_spin_button_get_value_as_int (self->players_spin);
  gboolean changed = TRUE;

  if (self->options == NULL)
    return;
  self->updating = TRUE;
  for (int guard = 0; changed && guard < 8; guard++)
    {
      g_auto(GStrv) selected = chosen_options (self);

      changed = FALSE;
      for (guint i = 0; i < self->options->len; i++)
        {
          KolTitleOption *option = g_ptr_array_index (self->options, i);
          GtkCheckButton *check = g_ptr_array_index (self->option_checks, i);
          g_auto(GStrv) others = NULL;
          g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
          gboolean allowed;

          if (check == NULL)
            continue;
          /* whether it may be chosen given the others */
          for (guint k = 0; selected[k] != NULL; k++)
            if (!g_str_equal (selected[k], option->id))
              g_strv_builder_add (b, selected[k]);
          others = g_strv_builder_end (g_steal_pointer (&b));
          allowed = kol_title_option_allowed (option, self->options, n, (const char * const *) others);
          gtk_widget_set_sensitive (GTK_WIDGET (check), allowed);
          if (!allowed && gtk_check_button_get_active (check))
            {
              gtk_check_button_set_active (check, FALSE);
              changed = TRUE;
            }
        }
    }
  self->updating = FALSE;
}

static void
option_toggled_cb (KolNewGameDialog *self)
{
  if (!self->updating)
    update_options (self);
}

static GtkWidget *
option_row (KolNewGameDialog     *self,
            const KolTitleOption *option,
            GtkCheckButton      **check_out)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *check = gtk_check_button_new_with_label (option->name);
  GtkWidget *description = gtk_label_new (option->description);

  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_widget_set_margin_start (description, 28);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_widget_add_css_class (description, "caption");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, description,
                                  NULL, -1);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (option_toggled_cb), self);
  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), description);
  *check_out = GTK_CHECK_BUTTON (check);
  return box;
}

static void
build_options (KolNewGameDialog *self,
               KolTitleInfo     *info)
{
  GtkWidget *child;
  g_autofree char *dir = info != NULL ? g_file_get_path (kol_title_info_get_directory (info)) : NULL;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->options_box))) != NULL)
    gtk_box_remove (self->options_box, child);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->option_checks, g_ptr_array_unref);
  self->options = dir != NULL ? kol_title_options_load (dir, NULL) : NULL;
  self->option_checks = g_ptr_array_new ();
  for (guint i = 0; self->options != NULL && i < self->options->len; i++)
    {
      KolTitleOption *option = g_ptr_array_index (self->options, i);
      GtkCheckButton *check = NULL;

      /* hidden options (the importer's) are never shown */
      if (!option->hidden)
        {
          gtk_box_append (self->options_box, option_row (self, option, &check));
          any = TRUE;
        }
      g_ptr_array_add (self->option_checks, check);
    }
  if (!any)
    {
      GtkWidget *none = gtk_label_new (_("This game has no options."));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (self->options_box, none);
    }
  update_options (self);
}

/* ------------------------------------------------------ remembered names */

/* The players of the last new game of @info, in their seats, if the
 * title still takes as many. */
static void
restore_players (KolNewGameDialog *self,
                 KolTitleInfo     *info)
{
  g_autoptr(GVariant) all = NULL;
  g_autofree const char **names = NULL;
  guint n, most;

  if (self->settings == NULL || info == NULL)
    return;
  most = kol_title_info_get_max_players (info);
  all = g_settings_get_value (self->settings, "last-players");
  if (!g_variant_lookup (all, kol_title_info_get_id (info), "^a&s", &names))
    return;
  n = g_strv_length ((char **) names);
  if (n < kol_title_info_get_min_players (info) || n > MIN (most, MAX_NAMES))
    return;
  gtk_spin_button_set_value (self->players_spin, n);
  for (guint i = 0; i < n; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->name_entries[i]), names[i]);
}

static void
remember_players (KolNewGameDialog   *self,
                  const char         *title_id,
                  const char * const *names)
{
  g_autoptr(GVariant) all = NULL;
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{sas}"));
  GVariantIter iter;
  const char *key;
  GVariant *value;

  if (self->settings == NULL || title_id == NULL)
    return;
  all = g_settings_get_value (self->settings, "last-players");
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@as}", &key, &value))
    {
      if (!g_str_equal (key, title_id))
        g_variant_builder_add (&builder, "{s@as}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{s^as}", title_id, names);
  g_settings_set_value (self->settings, "last-players", g_variant_builder_end (&builder));
}

/* --------------------------------------------------------------- title */

static void
title_changed_cb (KolNewGameDialog *self)
{
  g_autoptr(KolTitleInfo) info = selected_title (self);
  int min, max, n;

  if (info == NULL)
    return;
  min = (int) kol_title_info_get_min_players (info);
  max = (int) kol_title_info_get_max_players (info);
  max = MIN (max, MAX_NAMES);
  n = gtk_spin_button_get_value_as_int (self->players_spin);
  n = CLAMP (n, min, max);
  gtk_adjustment_configure (self->players_adjustment, n, min, max, 1, 1, 0);
  restore_players (self, info);
  show_names (self);
  build_options (self, info);
  show_error (self, NULL);
}

static void
players_changed_cb (KolNewGameDialog *self)
{
  show_names (self);
  update_options (self);
}

static void
reseed (KolNewGameDialog *self)
{
  /* a positive 31-bit seed, as 18xx.games' seeds are */
  kol_new_game_dialog_set_seed (self, g_random_int_range (1, G_MAXINT32));
}

static void
reseed_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  reseed (KOL_NEW_GAME_DIALOG (widget));
}

static void
start_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  KolNewGameDialog *self = KOL_NEW_GAME_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = kol_new_game_dialog_start (self, &error);

  if (game == NULL)
    {
      show_error (self, error->message);
      return;
    }
  g_object_ref (self);
  g_signal_emit (self, signals[GAME_CREATED], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
kol_new_game_dialog_dispose (GObject *object)
{
  KolNewGameDialog *self = KOL_NEW_GAME_DIALOG (object);

  g_clear_object (&self->titles);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->option_checks, g_ptr_array_unref);

  G_OBJECT_CLASS (kol_new_game_dialog_parent_class)->dispose (object);
}

static void
kol_new_game_dialog_class_init (KolNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_new_game_dialog_dispose;

  /**
   * KolNewGameDialog::game-created:
   * @self: the dialog
   * @game: the new game
   *
   * Start made a game; the dialog closes right after.
   */
  signals[GAME_CREATED] = g_signal_new ("game-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, KOL_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, title_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, players_spin);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, players_adjustment);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, seed_entry);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, names_box);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, options_box);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, details_expander);
  gtk_widget_class_bind_template_child (widget_class, KolNewGameDialog, details_label);
  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action_cb);
  gtk_widget_class_install_action (widget_class, "new-game.reseed", NULL, reseed_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kol_new_game_dialog_init (KolNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_names (self);
  reseed (self);
  g_signal_connect_swapped (self->title_dropdown, "notify::selected", G_CALLBACK (title_changed_cb), self);
  g_signal_connect_swapped (self->players_spin, "value-changed", G_CALLBACK (players_changed_cb), self);
}

static char *
title_name (KolTitleInfo *info)
{
  return g_strdup (kol_title_info_get_name (info));
}

/**
 * kol_new_game_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @titles: the #KolTitleInfo list to choose from
 *
 * Returns: (transfer none): a new dialog, not shown yet
 */
KolNewGameDialog *
kol_new_game_dialog_new (GtkWindow  *parent,
                         GListModel *titles)
{
  KolNewGameDialog *self;
  GtkExpression *expression;

  g_return_val_if_fail (G_IS_LIST_MODEL (titles), NULL);

  self = g_object_new (KOL_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
  self->titles = g_object_ref (titles);
  expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (title_name), NULL, NULL);
  gtk_drop_down_set_expression (self->title_dropdown, expression);
  gtk_expression_unref (expression);
  gtk_drop_down_set_model (self->title_dropdown, titles);
  title_changed_cb (self);
  return self;
}

/**
 * kol_new_game_dialog_set_settings:
 * @settings: (nullable): the app's settings (io.github.koleya.Koleya)
 *
 * Fills in the players of the last new game of the title chosen, and of
 * each title chosen later; Start remembers them there.
 */
void
kol_new_game_dialog_set_settings (KolNewGameDialog *self,
                                  GSettings        *settings)
{
  g_autoptr(KolTitleInfo) info = NULL;

  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));
  g_set_object (&self->settings, settings);
  info = selected_title (self);
  restore_players (self, info);
}

/**
 * kol_new_game_dialog_set_title_id:
 * @id: a title id ("1849")
 *
 * Chooses that title, if it is in the list.
 */
void
kol_new_game_dialog_set_title_id (KolNewGameDialog *self,
                                  const char       *id)
{
  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));

  for (guint i = 0; self->titles != NULL && i < g_list_model_get_n_items (self->titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (self->titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), id) == 0)
        {
          gtk_drop_down_set_selected (self->title_dropdown, i);
          return;
        }
    }
}

/**
 * kol_new_game_dialog_get_title_id:
 *
 * Returns: (transfer none) (nullable): the id of the title chosen
 */
const char *
kol_new_game_dialog_get_title_id (KolNewGameDialog *self)
{
  g_autoptr(KolTitleInfo) info = NULL;

  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), NULL);
  info = selected_title (self);
  /* the list keeps the info alive */
  return info != NULL ? kol_title_info_get_id (info) : NULL;
}

void
kol_new_game_dialog_set_n_players (KolNewGameDialog *self,
                                   int               n_players)
{
  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));
  gtk_spin_button_set_value (self->players_spin, n_players);
}

int
kol_new_game_dialog_get_n_players (KolNewGameDialog *self)
{
  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), 0);
  return gtk_spin_button_get_value_as_int (self->players_spin);
}

void
kol_new_game_dialog_set_player_name (KolNewGameDialog *self,
                                     int               index,
                                     const char       *name)
{
  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (index >= 0 && index < MAX_NAMES);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entries[index]), name);
}

/**
 * kol_new_game_dialog_set_computer:
 * @strength: a #KolPolicyKind strength (%KOL_POLICY_EASY …
 *   %KOL_POLICY_STRONG), or -1 for a person
 *
 * Who plays seat @index.
 */
void
kol_new_game_dialog_set_computer (KolNewGameDialog *self,
                                  int               index,
                                  int               strength)
{
  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (index >= 0 && index < MAX_NAMES);
  g_return_if_fail (strength == -1 || (strength > KOL_POLICY_RANDOM && strength < KOL_N_POLICIES));
  gtk_drop_down_set_selected (self->seat_dropdowns[index], strength < 0 ? 0 : (guint) strength);
}

/**
 * kol_new_game_dialog_get_computer:
 *
 * Returns: the strength of the computer playing seat @index, -1 for a
 *   person
 */
int
kol_new_game_dialog_get_computer (KolNewGameDialog *self,
                                  int               index)
{
  guint selected;

  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), -1);
  g_return_val_if_fail (index >= 0 && index < MAX_NAMES, -1);
  selected = gtk_drop_down_get_selected (self->seat_dropdowns[index]);
  return selected == 0 || selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected;
}

void
kol_new_game_dialog_set_seed (KolNewGameDialog *self,
                              gint64            seed)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, seed);

  g_return_if_fail (KOL_IS_NEW_GAME_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), text);
}

/**
 * kol_new_game_dialog_set_option:
 *
 * Returns: %TRUE if the option is offered and now has that state
 */
gboolean
kol_new_game_dialog_set_option (KolNewGameDialog *self,
                                const char       *id,
                                gboolean          active)
{
  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), FALSE);

  for (guint i = 0; self->options != NULL && i < self->options->len; i++)
    {
      KolTitleOption *option = g_ptr_array_index (self->options, i);
      GtkCheckButton *check = g_ptr_array_index (self->option_checks, i);

      if (check != NULL && g_str_equal (option->id, id) && gtk_widget_get_sensitive (GTK_WIDGET (check)))
        {
          gtk_check_button_set_active (check, active);
          return gtk_check_button_get_active (check) == active;
        }
    }
  return FALSE;
}

/**
 * kol_new_game_dialog_option_offered:
 *
 * Returns: %TRUE if @id is shown and may be chosen now
 */
gboolean
kol_new_game_dialog_option_offered (KolNewGameDialog *self,
                                    const char       *id)
{
  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), FALSE);

  for (guint i = 0; self->options != NULL && i < self->options->len; i++)
    {
      KolTitleOption *option = g_ptr_array_index (self->options, i);
      GtkWidget *check = g_ptr_array_index (self->option_checks, i);

      if (g_str_equal (option->id, id))
        return check != NULL && gtk_widget_get_sensitive (check);
    }
  return FALSE;
}

/**
 * kol_new_game_dialog_dup_options:
 *
 * Returns: (transfer full): the ids of the options chosen
 */
GStrv
kol_new_game_dialog_dup_options (KolNewGameDialog *self)
{
  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), NULL);
  return chosen_options (self);
}

static gboolean
parse_seed (const char *text,
            gint64     *seed)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));

  return trimmed[0] != '\0' && g_ascii_string_to_signed (trimmed, 10, 0, G_MAXINT64, seed, NULL);
}

/**
 * kol_new_game_dialog_start:
 * @error: why the game cannot be set up (a bad seed, a title the rules
 *   refuse)
 *
 * Creates the game chosen, without closing the dialog (the Start button
 * also hands it over and closes).
 *
 * Returns: (transfer full) (nullable): the new game
 */
KolGame *
kol_new_game_dialog_start (KolNewGameDialog  *self,
                           GError           **error)
{
  g_autoptr(KolTitleInfo) info = NULL;
  g_autofree char *dir = NULL;
  g_auto(GStrv) options = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  KolGame *game;
  int n;
  gint64 seed;

  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), NULL);

  info = selected_title (self);
  if (info == NULL)
    {
      g_set_error_literal (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, _("Choose a game first."));
      return NULL;
    }
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_entry)), &seed))
    {
      g_set_error_literal (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE,
                           _("The seed must be a whole number, 0 or more."));
      return NULL;
    }
  n = gtk_spin_button_get_value_as_int (self->players_spin);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entries[i]))));

      /* an empty field keeps the seat's default name */
      g_ptr_array_add (names, name[0] != '\0' ? g_steal_pointer (&name) : g_strdup_printf (_("Player %d"), i + 1));
    }
  g_ptr_array_add (names, NULL);
  remember_players (self, kol_title_info_get_id (info), (const char * const *) names->pdata);
  dir = g_file_get_path (kol_title_info_get_directory (info));
  options = chosen_options (self);
  game = kol_game_new (dir, n, (const char * const *) names->pdata, (const char * const *) options, seed, error);
  for (int i = 0; game != NULL && i < n; i++)
    kol_game_set_computer (game, i, kol_new_game_dialog_get_computer (self, i));
  return game;
}

/**
 * kol_new_game_dialog_get_error:
 * @details: (out) (optional) (transfer none): the details folded away
 *   under it ("" when none)
 *
 * Returns: (transfer none) (nullable): the error shown under the choices
 *   after Start failed, %NULL when none is shown
 */
const char *
kol_new_game_dialog_get_error (KolNewGameDialog  *self,
                               const char       **details)
{
  g_return_val_if_fail (KOL_IS_NEW_GAME_DIALOG (self), NULL);

  if (details != NULL)
    *details = gtk_widget_get_visible (GTK_WIDGET (self->details_expander))
               ? gtk_label_get_label (self->details_label) : "";
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_label (self->error_label) : NULL;
}
