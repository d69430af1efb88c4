/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-charter-card.h"
#include "kol-charters-view.h"
#include "kol-game-company.h"
#include "kol-panel-util.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolChartersView:
 *
 * The charters; see kol-charters-view.h. Two flow boxes bound to filtered
 * views of kol_game_get_companies(): one for share companies, one for
 * private companies. Lines are drawn inside their owner's card.
 */
struct _KolChartersView
{
  GtkWidget parent_instance;

  KolGame    *game;
  GListModel *share_companies;
  GListModel *lines;
  GListModel *private_companies;

  GtkLabel   *heading;
  GtkFlowBox *corps;
  GtkLabel   *free_lines;
  GtkLabel   *privates_heading;
  GtkFlowBox *privates;
};

G_DEFINE_FINAL_TYPE (KolChartersView, kol_charters_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static KolGameCompanyKind
item_kind (gpointer item)
{
  return kol_game_company_get_kind (KOL_GAME_COMPANY (item));
}

static gboolean
is_share_company (gpointer item,
                  gpointer data)
{
  return item_kind (item) == KOL_GAME_COMPANY_CORPORATION || item_kind (item) == KOL_GAME_COMPANY_CITY;
}

static gboolean
is_line (gpointer item,
         gpointer data)
{
  return item_kind (item) == KOL_GAME_COMPANY_LINE;
}

static gboolean
is_private (gpointer item,
            gpointer data)
{
  return item_kind (item) == KOL_GAME_COMPANY_PRIVATE;
}

/* A view of the game's companies of one kind (kinds never change). */
static GListModel *
companies_of_kind (KolGame             *game,
                   GtkCustomFilterFunc  match)
{
  GListModel *all = g_object_ref (kol_game_get_companies (game));

  return G_LIST_MODEL (gtk_filter_list_model_new (all, GTK_FILTER (gtk_custom_filter_new (match, NULL, NULL))));
}

static GtkWidget *
create_card (gpointer item,
             gpointer data)
{
  KolChartersView *self = data;

  return kol_charter_card_new (self->game, item);
}

/* The lines no company owns (1840: those still to be auctioned). */
static void
refresh_free_lines (KolChartersView *self)
{
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = self->lines != NULL ? g_list_model_get_n_items (self->lines) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameCompany) item = g_list_model_get_item (self->lines, i);
      KolGameCompanyStatus status = kol_game_company_get_status (item);

      if (status == KOL_GAME_COMPANY_CLOSED || status == KOL_GAME_COMPANY_REMOVED ||
          kol_game_company_get_parent (item) >= 0)
        continue;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", kol_game_company_get_short_name (item));
    }
  if (names->len > 0)
    {
      /* Translators: %1$s is the title's word for lines ("Lines"), %2$s
       * lists the lines no company owns yet. */
      g_autofree char *text = g_strdup_printf (_("%1$s without a company: %2$s"),
                                               kol_game_word (kol_game_get_title (self->game), KOL_WORD_SUBSIDIARIES),
                                               names->str);

      if (g_strcmp0 (gtk_label_get_text (self->free_lines), text) != 0)
        gtk_label_set_text (self->free_lines, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->free_lines), names->len > 0);
}

static void
update_headings (KolChartersView *self)
{
  const KolTitle *title = kol_game_get_title (self->game);

  gtk_label_set_text (self->heading, kol_game_word (title, KOL_WORD_CHARTERS));
  gtk_label_set_text (self->privates_heading, kol_game_word (title, KOL_WORD_PRIVATE_COMPANIES));
  gtk_widget_set_visible (GTK_WIDGET (self->privates_heading),
                          g_list_model_get_n_items (self->private_companies) > 0);
}

static void
unbind (KolChartersView *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  gtk_flow_box_bind_model (self->corps, NULL, NULL, NULL, NULL);
  gtk_flow_box_bind_model (self->privates, NULL, NULL, NULL, NULL);
  g_clear_object (&self->share_companies);
  g_clear_object (&self->lines);
  g_clear_object (&self->private_companies);
  g_clear_object (&self->game);
}

/**
 * kol_charters_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_charters_view_set_game (KolChartersView *self,
                            KolGame         *game)
{
  g_return_if_fail (KOL_IS_CHARTERS_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  unbind (self);
  if (game != NULL)
    {
      self->game = g_object_ref (game);
      self->share_companies = companies_of_kind (game, is_share_company);
      self->lines = companies_of_kind (game, is_line);
      self->private_companies = companies_of_kind (game, is_private);
      gtk_flow_box_bind_model (self->corps, self->share_companies, create_card, self, NULL);
      gtk_flow_box_bind_model (self->privates, self->private_companies, create_card, self, NULL);
      /* which lines are without a company changes only with a state */
      g_signal_connect_object (game, "state-changed", G_CALLBACK (refresh_free_lines), self, G_CONNECT_SWAPPED);
      update_headings (self);
      refresh_free_lines (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_charters_view_get_game (KolChartersView *self)
{
  g_return_val_if_fail (KOL_IS_CHARTERS_VIEW (self), NULL);
  return self->game;
}

static GtkWidget *
find_in (GtkFlowBox *box,
         const char *id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *card = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (KOL_IS_CHARTER_CARD (card) &&
          g_strcmp0 (kol_game_company_get_id (kol_charter_card_get_company (KOL_CHARTER_CARD (card))), id) == 0)
        return card;
    }
  return NULL;
}

/**
 * kol_charters_view_find_card:
 * @self: a view
 * @id: a company id ("ATA", "SCE")
 *
 * Returns: (transfer none) (nullable): the #KolCharterCard of that company
 */
GtkWidget *
kol_charters_view_find_card (KolChartersView *self,
                             const char      *id)
{
  GtkWidget *card;

  g_return_val_if_fail (KOL_IS_CHARTERS_VIEW (self), NULL);
  card = find_in (self->corps, id);
  return card != NULL ? card : find_in (self->privates, id);
}

static void
kol_charters_view_dispose (GObject *object)
{
  KolChartersView *self = KOL_CHARTERS_VIEW (object);

  unbind (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_CHARTERS_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_charters_view_parent_class)->dispose (object);
}

static void
kol_charters_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  KolChartersView *self = KOL_CHARTERS_VIEW (object);

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
kol_charters_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  KolChartersView *self = KOL_CHARTERS_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_charters_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_charters_view_class_init (KolChartersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_charters_view_dispose;
  object_class->get_property = kol_charters_view_get_property;
  object_class->set_property = kol_charters_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KOL_TYPE_CHARTER_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-charters-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolChartersView, heading);
  gtk_widget_class_bind_template_child (widget_class, KolChartersView, corps);
  gtk_widget_class_bind_template_child (widget_class, KolChartersView, free_lines);
  gtk_widget_class_bind_template_child (widget_class, KolChartersView, privates_heading);
  gtk_widget_class_bind_template_child (widget_class, KolChartersView, privates);
  gtk_widget_class_set_css_name (widget_class, "kol-charters-view");
}

static void
kol_charters_view_init (KolChartersView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_charters_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_charters_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_CHARTERS_VIEW, "game", game, NULL);
}
