/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-autosave-banner.h"

/**
 * KolAutosaveBanner:
 *
 * A bar across the top of the table while the game's autosave fails (a
 * full disk, a read-only folder): it says why, what can still be resumed,
 * and offers Save As… (win.save-as) and Try Again (autosave.retry). It
 * stays until a write works again: every move tries, so it goes away by
 * itself once there is room. A widget of its own, so that the table's
 * layout can change around it.
 */
struct _KolAutosaveBanner
{
  GtkWidget parent_instance;

  KolGame *game;

  GtkRevealer *revealer;
  GtkLabel *detail_label;
};

G_DEFINE_FINAL_TYPE (KolAutosaveBanner, kol_autosave_banner, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
describe (KolGame *game)
{
  const GError *error = kol_game_get_autosave_error (game);
  int saved = kol_game_get_autosaved_n_actions (game);
  const char *consequence;
  g_autofree char *what = NULL;

  if (saved > 0)
    /* Translators: %d is a number of moves: what the last autosave written holds. */
    what = g_strdup_printf (_("Only the game up to move %d could be resumed."), saved);
  else if (saved == 0)
    what = g_strdup (_("Only the start of the game could be resumed."));
  else
    what = g_strdup (_("The game could not be resumed if Koleya closed now."));
  consequence = _("Save it elsewhere with Save As… to keep every move; the autosave is tried again after each "
                  "move.");
  /* Translators: the reason the system gives, then the two sentences above. */
  return g_strdup_printf (_("%s\n%s %s"), error->message, what, consequence);
}

static void
update (KolAutosaveBanner *self)
{
  gboolean failing = self->game != NULL && kol_game_get_autosave_error (self->game) != NULL;

  if (failing)
    {
      g_autofree char *text = describe (self->game);

      gtk_label_set_text (self->detail_label, text);
    }
  gtk_revealer_set_reveal_child (self->revealer, failing);
  gtk_widget_set_visible (GTK_WIDGET (self), failing);
}

static void
retry_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  KolAutosaveBanner *self = KOL_AUTOSAVE_BANNER (widget);

  /* a failure shows in the banner again, with the new reason */
  if (self->game != NULL)
    kol_game_retry_autosave (self->game, NULL);
}

static void
kol_autosave_banner_dispose (GObject *object)
{
  KolAutosaveBanner *self = KOL_AUTOSAVE_BANNER (object);

  kol_autosave_banner_set_game (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_AUTOSAVE_BANNER);
  G_OBJECT_CLASS (kol_autosave_banner_parent_class)->dispose (object);
}

static void
kol_autosave_banner_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  KolAutosaveBanner *self = KOL_AUTOSAVE_BANNER (object);

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
kol_autosave_banner_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  KolAutosaveBanner *self = KOL_AUTOSAVE_BANNER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_autosave_banner_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_autosave_banner_class_init (KolAutosaveBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_autosave_banner_dispose;
  object_class->get_property = kol_autosave_banner_get_property;
  object_class->set_property = kol_autosave_banner_set_property;

  /** KolAutosaveBanner:game: the game whose autosave is watched, or %NULL */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "autosave.retry", NULL, retry_action_cb);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-autosave-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveBanner, revealer);
  gtk_widget_class_bind_template_child (widget_class, KolAutosaveBanner, detail_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_autosave_banner_init (KolAutosaveBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update (self);
}

/** kol_autosave_banner_new: Returns: (transfer floating): a banner watching no game */
GtkWidget *
kol_autosave_banner_new (void)
{
  return g_object_new (KOL_TYPE_AUTOSAVE_BANNER, NULL);
}

/** kol_autosave_banner_get_game: Returns: (transfer none) (nullable): the game watched */
KolGame *
kol_autosave_banner_get_game (KolAutosaveBanner *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_BANNER (self), NULL);
  return self->game;
}

/**
 * kol_autosave_banner_set_game:
 * @self: a banner
 * @game: (nullable): the game to watch
 */
void
kol_autosave_banner_set_game (KolAutosaveBanner *self,
                              KolGame           *game)
{
  g_return_if_fail (KOL_IS_AUTOSAVE_BANNER (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "notify::autosave-error", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      /* what the last autosave holds changes with every move */
      g_signal_connect_object (game, "notify::n-actions", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/** kol_autosave_banner_is_shown: Returns: whether the banner says the autosave fails */
gboolean
kol_autosave_banner_is_shown (KolAutosaveBanner *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_BANNER (self), FALSE);
  return gtk_revealer_get_reveal_child (self->revealer);
}
