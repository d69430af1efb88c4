/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-charter-card.h"
#include "kol-game-words.h"
#include "kol-panel-util.h"

/**
 * KolCharterCard:
 *
 * A company's charter; see kol-charter-card.h. The header and the grid of
 * facts are in the template. The rows of facts are made once, when the
 * card gets its company (share companies and private companies have
 * different rows), and bound to the company's properties through a
 * #GBindingGroup; the line cards follow the company's subsidiaries.
 */
struct _KolCharterCard
{
  GtkWidget parent_instance;

  KolGame        *game;
  KolGameCompany *company;
  GBindingGroup  *bindings;
  GSignalGroup   *signals;
  GListModel     *subsidiaries;
  int             order;
  gboolean        mini;       /* a line's card inside its owner's */

  GtkWidget *header;
  GtkLabel  *order_badge;
  GtkWidget *chip_box;
  GtkWidget *chip;
  GtkLabel  *name_label;
  GtkLabel  *status_label;
  GtkGrid   *facts;
  GtkLabel  *description;
  GtkWidget *lines_box;
  GtkLabel  *lines_heading;
  GtkWidget *lines;
  GtkWidget *trains;
};

G_DEFINE_FINAL_TYPE (KolCharterCard, kol_charter_card, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_COMPANY,
  PROP_ORDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const KolTitle *
title_of (KolCharterCard *self)
{
  return self->game != NULL ? kol_game_get_title (self->game) : NULL;
}

/* ------------------------------------------------------------ header */

static void
order_changed (KolCharterCard *self)
{
  int order = kol_game_company_get_order_badge (self->company);
  g_autofree char *text = g_strdup_printf ("%d", order);
  /* Translators: the badge on a charter: its place in the operating order. */
  g_autofree char *tip = g_strdup_printf (_("%d. in the operating order"), order);

  gtk_label_set_text (self->order_badge, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->order_badge), tip);
  gtk_widget_set_visible (GTK_WIDGET (self->order_badge), order > 0);
  if (self->order != order)
    {
      self->order = order;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORDER]);
    }
}

static void
status_changed (KolCharterCard *self)
{
  KolGameCompanyStatus status = kol_game_company_get_status (self->company);

  kol_panel_set_css_class (GTK_WIDGET (self), "kol-closed",
                           status == KOL_GAME_COMPANY_CLOSED || status == KOL_GAME_COMPANY_REMOVED);
}

static void
acting_changed (KolCharterCard *self)
{
  kol_panel_set_css_class (GTK_WIDGET (self), "kol-acting", kol_game_company_get_acting (self->company));
}

/* Trains show once a company runs, or as soon as it has any. */
static void
trains_changed (KolCharterCard *self)
{
  const char * const *trains = kol_game_company_get_trains (self->company);
  gboolean floated = FALSE;

  g_object_get (self->company, "floated", &floated, NULL);
  gtk_widget_set_visible (self->trains, floated || self->mini || (trains != NULL && trains[0] != NULL));
}

static void
set_header (KolCharterCard *self)
{
  const char *name = kol_game_company_get_name (self->company);

  g_clear_pointer (&self->chip, gtk_widget_unparent);
  if (!self->mini)
    {
      self->chip = kol_panel_company_chip_new (self->company);
      gtk_box_append (GTK_BOX (self->chip_box), self->chip);
    }
  else
    name = kol_game_company_get_short_name (self->company);
  gtk_label_set_text (self->name_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* ------------------------------------------------------------- facts */

static gboolean
joined (GBinding     *binding,
        const GValue *from,
        GValue       *to,
        gpointer      data)
{
  const char * const *list = g_value_get_boxed (from);

  g_value_take_string (to, list != NULL && list[0] != NULL ? g_strjoinv (", ", (char **) list) : NULL);
  return TRUE;
}

static gboolean
nonempty (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      data)
{
  const char * const *list = g_value_get_boxed (from);

  g_value_set_boolean (to, list != NULL && list[0] != NULL);
  return TRUE;
}

static GtkWidget *
add_fact (KolCharterCard *self,
          int            *row,
          const char     *term,
          const char     *property,
          gboolean        markup)
{
  GtkWidget *value = kol_panel_fact_new (self->facts, (*row)++, term, markup);

  kol_panel_bind_fact (self->bindings, property, value);
  return value;
}

static void
add_bids_fact (KolCharterCard *self,
               int            *row)
{
  /* Translators: a row of a charter: the bids open on the company. */
  GtkWidget *value = kol_panel_fact_new (self->facts, (*row)++, C_("charter", "Bids"), FALSE);

  g_binding_group_bind_full (self->bindings, "bids", value, "label", G_BINDING_SYNC_CREATE, joined, NULL, NULL,
                             NULL);
  g_binding_group_bind_full (self->bindings, "bids", value, "visible", G_BINDING_SYNC_CREATE, nonempty, NULL,
                             NULL, NULL);
}

/* A line's card inside its tram company's (1840): trams, what it keeps
 * of its revenue, station markers. */
static void
build_line_facts (KolCharterCard *self)
{
  const KolTitle *title = title_of (self);
  int row = 0;

  self->trains = add_fact (self, &row, kol_game_word (title, KOL_WORD_TRAINS), "trains-markup", TRUE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_REVENUE_PILE), "treasury-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_STATION_MARKERS), "tokens-text", FALSE);
  add_bids_fact (self, &row);
  gtk_widget_add_css_class (GTK_WIDGET (self), "kol-line-card");
}

static void
build_corp_facts (KolCharterCard *self)
{
  const KolTitle *title = title_of (self);
  GtkWidget *bonds;
  int row = 0;

  add_fact (self, &row, kol_game_word (title, KOL_WORD_TREASURY), "treasury-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_SHARE_PRICE), "price-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_PAR), "par-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_PRESIDENT), "president-name", FALSE);
  /* Translators: a row of a company's charter. */
  add_fact (self, &row, C_("charter", "Shares"), "shares-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_STATION_MARKERS), "tokens-text", FALSE);
  self->trains = add_fact (self, &row, kol_game_word (title, KOL_WORD_TRAINS), "trains-markup", TRUE);
  /* Translators: a row of a company's charter: what its last run earned. */
  add_fact (self, &row, C_("charter", "Last run"), "revenue-text", FALSE);
  bonds = kol_panel_fact_new (self->facts, row++, kol_game_word (title, KOL_WORD_COMPANY_LOANS), FALSE);
  kol_panel_bind_nonzero (self->bindings, "bonds", bonds);
  add_fact (self, &row, _("Markers"), "extras-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_PRIVATE_COMPANIES), "privates-text", FALSE);
  add_bids_fact (self, &row);
  gtk_label_set_text (self->lines_heading, kol_game_word (title, KOL_WORD_SUBSIDIARIES));
}

static void
build_private_facts (KolCharterCard *self)
{
  const KolTitle *title = title_of (self);
  int row = 0;

  /* Translators: who owns a private company. */
  add_fact (self, &row, C_("private company", "Owner"), "owner-name", FALSE);
  /* Translators: a private company's face value. */
  add_fact (self, &row, C_("private company", "Value"), "value-text", FALSE);
  add_fact (self, &row, kol_game_word (title, KOL_WORD_REVENUE), "revenue-text", FALSE);
  add_bids_fact (self, &row);
  kol_panel_bind_fact (self->bindings, "description", GTK_WIDGET (self->description));
}

/* ------------------------------------------------------------- lines */

static void
lines_changed (GListModel     *lines,
               guint           position,
               guint           removed,
               guint           added,
               KolCharterCard *self)
{
  GtkWidget *at = gtk_widget_get_first_child (self->lines);

  for (guint i = 0; i < position && at != NULL; i++)
    at = gtk_widget_get_next_sibling (at);
  for (guint i = 0; i < removed && at != NULL; i++)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (at);

      gtk_box_remove (GTK_BOX (self->lines), at);
      at = next;
    }
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(KolGameCompany) line = g_list_model_get_item (lines, position + i);
      GtkWidget *card = g_object_new (KOL_TYPE_CHARTER_CARD, NULL);
      GtkWidget *previous = at != NULL ? gtk_widget_get_prev_sibling (at) : gtk_widget_get_last_child (self->lines);

      KOL_CHARTER_CARD (card)->mini = TRUE;
      g_object_set (card, "game", self->game, "company", line, NULL);
      gtk_box_insert_child_after (GTK_BOX (self->lines), card, previous);
    }
  gtk_widget_set_visible (self->lines_box, g_list_model_get_n_items (lines) > 0);
}

static void
set_subsidiaries (KolCharterCard *self,
                  GListModel     *lines)
{
  if (self->subsidiaries != NULL)
    g_signal_handlers_disconnect_by_data (self->subsidiaries, self);
  kol_panel_clear_box (self->lines);
  g_set_object (&self->subsidiaries, lines);
  gtk_widget_set_visible (self->lines_box, FALSE);
  if (lines == NULL)
    return;
  g_signal_connect_object (lines, "items-changed", G_CALLBACK (lines_changed), self, 0);
  lines_changed (lines, 0, 0, g_list_model_get_n_items (lines), self);
}

/* ---------------------------------------------------------- building */

static void
build (KolCharterCard *self)
{
  KolGameCompanyKind kind;

  g_binding_group_set_source (self->bindings, NULL);
  g_signal_group_set_target (self->signals, NULL);
  kol_panel_clear_box (GTK_WIDGET (self->facts));
  set_subsidiaries (self, NULL);
  self->trains = NULL;
  if (self->company == NULL || self->game == NULL)
    return;
  kind = kol_game_company_get_kind (self->company);
  kol_panel_bind_fact (self->bindings, "status-text", GTK_WIDGET (self->status_label));
  if (self->mini)
    build_line_facts (self);
  else if (kind == KOL_GAME_COMPANY_PRIVATE)
    build_private_facts (self);
  else
    build_corp_facts (self);
  set_header (self);
  g_binding_group_set_source (self->bindings, self->company);
  g_signal_group_set_target (self->signals, self->company);
  if (kind != KOL_GAME_COMPANY_PRIVATE && !self->mini)
    set_subsidiaries (self, kol_game_company_get_subsidiaries (self->company));
  order_changed (self);
  status_changed (self);
  acting_changed (self);
  if (self->trains != NULL)
    trains_changed (self);
}

/* ------------------------------------------------------------- GObject */

static void
kol_charter_card_dispose (GObject *object)
{
  KolCharterCard *self = KOL_CHARTER_CARD (object);

  if (self->bindings != NULL)
    g_binding_group_set_source (self->bindings, NULL);
  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  if (self->subsidiaries != NULL)
    g_signal_handlers_disconnect_by_data (self->subsidiaries, self);
  g_clear_object (&self->subsidiaries);
  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->game);
  g_clear_object (&self->company);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_CHARTER_CARD);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_charter_card_parent_class)->dispose (object);
}

static void
kol_charter_card_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KolCharterCard *self = KOL_CHARTER_CARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_COMPANY:
      g_value_set_object (value, self->company);
      break;
    case PROP_ORDER:
      g_value_set_int (value, self->order);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_charter_card_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KolCharterCard *self = KOL_CHARTER_CARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      if (g_set_object (&self->game, g_value_get_object (value)))
        {
          build (self);
          g_object_notify_by_pspec (object, properties[PROP_GAME]);
        }
      break;
    case PROP_COMPANY:
      if (g_set_object (&self->company, g_value_get_object (value)))
        {
          build (self);
          g_object_notify_by_pspec (object, properties[PROP_COMPANY]);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_charter_card_class_init (KolCharterCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_charter_card_dispose;
  object_class->get_property = kol_charter_card_get_property;
  object_class->set_property = kol_charter_card_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPANY] =
    g_param_spec_object ("company", NULL, NULL, KOL_TYPE_GAME_COMPANY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORDER] =
    g_param_spec_int ("order", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-charter-card.ui");
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, header);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, order_badge);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, chip_box);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, status_label);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, facts);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, description);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, lines_box);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, lines_heading);
  gtk_widget_class_bind_template_child (widget_class, KolCharterCard, lines);
  gtk_widget_class_set_css_name (widget_class, "kol-charter-card");
}

static void
kol_charter_card_init (KolCharterCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bindings = g_binding_group_new ();
  self->signals = g_signal_group_new (KOL_TYPE_GAME_COMPANY);
  g_signal_group_connect_swapped (self->signals, "notify::order-badge", G_CALLBACK (order_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::status", G_CALLBACK (status_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::acting", G_CALLBACK (acting_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::floated", G_CALLBACK (trains_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::trains", G_CALLBACK (trains_changed), self);
}

/**
 * kol_charter_card_new:
 * @game: the game
 * @company: an item of kol_game_get_companies()
 *
 * Returns: (transfer floating): a new card
 */
GtkWidget *
kol_charter_card_new (KolGame        *game,
                      KolGameCompany *company)
{
  return g_object_new (KOL_TYPE_CHARTER_CARD, "game", game, "company", company, NULL);
}

KolGame *
kol_charter_card_get_game (KolCharterCard *self)
{
  g_return_val_if_fail (KOL_IS_CHARTER_CARD (self), NULL);
  return self->game;
}

KolGameCompany *
kol_charter_card_get_company (KolCharterCard *self)
{
  g_return_val_if_fail (KOL_IS_CHARTER_CARD (self), NULL);
  return self->company;
}

/**
 * kol_charter_card_get_order:
 * @self: a card
 *
 * Returns: the company's place in the operating order (the badge), 0 when
 *   it does not operate
 */
int
kol_charter_card_get_order (KolCharterCard *self)
{
  g_return_val_if_fail (KOL_IS_CHARTER_CARD (self), 0);
  return self->order;
}
