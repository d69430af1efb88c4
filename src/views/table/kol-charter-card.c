/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-charter-card.h"
#include "kol-engine-info.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-game-company.h"
#include "kol-panel-util.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolCharterCard:
 *
 * A company's charter; see kol-charter-card.h. The header and the grid of
 * facts are in the template; the rows of facts and the line cards are
 * rebuilt from the state after every change.
 */
struct _KolCharterCard
{
  GtkWidget parent_instance;

  KolGame        *game;
  KolGameCompany *company;
  int       order;

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

/* ---------------------------------------------------------------- facts */

static GtkWidget *
fact_label (const char *text,
            gboolean    markup,
            gboolean    dim)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (markup)
    gtk_label_set_markup (GTK_LABEL (label), text);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* A row "term  value" of @grid; @markup says whether @value is markup. */
static void
add_fact (GtkGrid    *grid,
          int        *row,
          const char *term,
          const char *value,
          gboolean    markup)
{
  GtkWidget *name = fact_label (term, FALSE, TRUE);
  GtkWidget *text = fact_label (value, markup, FALSE);

  gtk_widget_set_valign (name, GTK_ALIGN_START);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  name, NULL, -1);
  gtk_grid_attach (grid, name, 0, *row, 1, 1);
  gtk_grid_attach (grid, text, 1, *row, 1, 1);
  (*row)++;
}

static void
add_money_fact (KolCharterCard *self,
                GtkGrid        *grid,
                int            *row,
                const char     *term,
                int             amount)
{
  g_autofree char *money = kol_panel_money (self->game, amount);

  add_fact (grid, row, term, money, FALSE);
}

/* The trains of @owner as markup: names, 1840's trams with a dot of their
 * colour. */
static char *
trains_markup (KolEngine *engine,
               KolEntity  owner)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, G_N_ELEMENTS (trains));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      g_autofree char *color = kol_panel_train_color (engine->title, engine->trains[trains[i]].def);
      g_autofree char *name = g_markup_escape_text (kol_engine_train_name (engine, trains[i]), -1);

      if (i > 0)
        g_string_append (out, ", ");
      if (color != NULL)
        g_string_append_printf (out, "<span foreground=\"%s\">●</span> ", color);
      g_string_append (out, name);
    }
  if (n == 0)
    /* Translators: a company has no trains (or trams). */
    g_string_append (out, C_("trains", "none"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
tokens_text (KolEngine *engine,
             int        corp)
{
  const KolCorp *c = &engine->corps[corp];
  g_autoptr(GString) placed = g_string_new (NULL);
  int left = 0;

  for (int i = 0; i < c->n_tokens; i++)
    {
      if (c->tokens[i].hex >= 0)
        {
          g_autofree char *hex = kol_panel_hex_name (engine->title, c->tokens[i].hex);

          g_string_append_printf (placed, "%s%s", placed->len > 0 ? ", " : "", hex);
        }
      else if (!c->tokens[i].used)
        left++;
    }
  if (placed->len == 0)
    /* Translators: station markers: how many are left; none placed yet. */
    return g_strdup_printf (_("%d left"), left);
  /* Translators: station markers: how many are left, and where the others
   * stand ("1 left; Palermo (C5), Catania (H12)"). */
  return g_strdup_printf (_("%d left; %s"), left, placed->str);
}

static char *
companies_text (KolEngine *engine,
                KolEntity  owner)
{
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, owner, companies, G_N_ELEMENTS (companies));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      const KolCompanyDef *def = &engine->title->companies[companies[i]];

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                              def->short_name != NULL ? def->short_name : def->id);
    }
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static char *
markers_text (KolEngine *engine,
              int        corp)
{
  const char *markers[8];
  int n = kol_engine_corp_markers (engine, corp, markers, G_N_ELEMENTS (markers));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      g_autofree char *id = g_strconcat ("marker_", markers[i], NULL);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                              kol_game_word_id (engine->title, id, markers[i]));
    }
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
add_price_facts (KolCharterCard *self,
                 KolEngine      *engine,
                 int             corp,
                 int            *row)
{
  int price = kol_market_corp_price (engine, corp);
  int par = kol_corp_par_price (engine, corp);

  if (price > 0)
    add_money_fact (self, self->facts, row, kol_game_word (engine->title, KOL_WORD_SHARE_PRICE), price);
  if (par > 0 && engine->corps[corp].ipoed)
    add_money_fact (self, self->facts, row, kol_game_word (engine->title, KOL_WORD_PAR), par);
}

static void
add_share_facts (KolCharterCard *self,
                 KolEngine      *engine,
                 int             corp,
                 int            *row)
{
  int president = kol_panel_owning_player (engine, engine->corps[corp].owner);
  /* Translators: where a company's shares are: "20% in the treasury, 40%
   * in the bank pool" (the phrases are the title's own words). */
  g_autofree char *shares = g_strdup_printf (_("%1$d%% %2$s, %3$d%% %4$s"),
                                             kol_corp_ipo_percent (engine, corp),
                                             kol_game_word (engine->title, KOL_WORD_IPO_SHARES),
                                             kol_corp_pool_percent (engine, corp),
                                             kol_game_word (engine->title, KOL_WORD_IN_POOL));

  if (engine->title->corps[corp].n_shares == 0)
    return;
  if (president >= 0 && engine->corps[corp].owner.kind == KOL_ENTITY_PLAYER)
    add_fact (self->facts, row, kol_game_word (engine->title, KOL_WORD_PRESIDENT),
              engine->players[president].name, FALSE);
  /* Translators: a row of a company's charter. */
  add_fact (self->facts, row, C_("charter", "Shares"), shares, FALSE);
}

static void
add_holdings_facts (KolCharterCard *self,
                    KolEngine      *engine,
                    int             corp,
                    int            *row)
{
  KolEntity me = kol_entity (KOL_ENTITY_CORP, corp);
  gint16 owned[KOL_MAX_TRAINS];
  g_autofree char *trains = trains_markup (engine, me);
  g_autofree char *companies = companies_text (engine, me);
  g_autofree char *markers = markers_text (engine, corp);

  if (engine->corps[corp].n_tokens > 0)
    {
      g_autofree char *tokens = tokens_text (engine, corp);

      add_fact (self->facts, row, kol_game_word (engine->title, KOL_WORD_STATION_MARKERS), tokens, FALSE);
    }
  if (kol_engine_trains_of (engine, me, owned, G_N_ELEMENTS (owned)) > 0 || engine->corps[corp].floated)
    add_fact (self->facts, row, kol_game_word (engine->title, KOL_WORD_TRAINS), trains, TRUE);
  if (engine->corps[corp].loans > 0)
    {
      g_autofree char *loans = g_strdup_printf ("%d", engine->corps[corp].loans);

      add_fact (self->facts, row, kol_game_word (engine->title, KOL_WORD_COMPANY_LOANS), loans, FALSE);
    }
  if (markers != NULL)
    add_fact (self->facts, row, _("Markers"), markers, FALSE);
  if (companies != NULL)
    add_fact (self->facts, row, kol_game_word (engine->title, KOL_WORD_PRIVATE_COMPANIES), companies, FALSE);
}

/* ---------------------------------------------------------------- lines */

static GtkWidget *
line_card (KolCharterCard *self,
           KolEngine      *engine,
           int             line)
{
  const KolCorpDef *def = &engine->title->corps[line];
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = fact_label (kol_game_word_text (&def->short_name) != NULL
                                ? kol_game_word_text (&def->short_name) : def->id, FALSE, FALSE);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  KolEntity me = kol_entity (KOL_ENTITY_CORP, line);
  g_autofree char *trains = trains_markup (engine, me);
  g_autofree char *tokens = tokens_text (engine, line);
  int order = kol_panel_operating_position (engine, line);
  int row = 0;

  gtk_widget_add_css_class (box, "kol-line-card");
  if (kol_panel_is_acting (engine, me))
    gtk_widget_add_css_class (box, "kol-acting");
  if (order > 0 && engine->round.klass != NULL && engine->round.klass->operating)
    {
      g_autofree char *n = g_strdup_printf ("%d", order);
      GtkWidget *badge = gtk_label_new (n);

      gtk_widget_add_css_class (badge, "kol-badge");
      gtk_box_append (GTK_BOX (head), badge);
    }
  gtk_widget_add_css_class (name, "heading");
  gtk_box_append (GTK_BOX (head), name);
  gtk_box_append (GTK_BOX (box), head);
  gtk_grid_set_column_spacing (grid, 12);
  add_fact (grid, &row, kol_game_word (engine->title, KOL_WORD_TRAINS), trains, TRUE);
  add_money_fact (self, grid, &row, kol_game_word (engine->title, KOL_WORD_REVENUE_PILE), engine->corps[line].cash);
  add_fact (grid, &row, kol_game_word (engine->title, KOL_WORD_STATION_MARKERS), tokens, FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (GTK_LABEL (name)), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  name, NULL, -1);
  return box;
}

static void
refresh_lines (KolCharterCard *self,
               KolEngine      *engine,
               int             corp)
{
  int n = 0;

  kol_panel_clear_box (self->lines);
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (c < 0 || c >= engine->n_corps || engine->corps[c].removed || kol_engine_corp_parent (engine, c) != corp)
        continue;
      gtk_box_append (GTK_BOX (self->lines), line_card (self, engine, c));
      n++;
    }
  gtk_label_set_text (self->lines_heading, kol_game_word (engine->title, KOL_WORD_SUBSIDIARIES));
  gtk_widget_set_visible (self->lines_box, n > 0);
}

/* -------------------------------------------------------------- refresh */

static void
set_status (KolCharterCard *self,
            const char     *status,
            gboolean        closed)
{
  gtk_label_set_text (self->status_label, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), status != NULL);
  if (closed)
    gtk_widget_add_css_class (GTK_WIDGET (self), "kol-closed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "kol-closed");
}

static void
set_order (KolCharterCard *self,
           int             order)
{
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
set_header (KolCharterCard *self,
            const char     *color,
            const char     *text_color,
            const char     *chip,
            const char     *name)
{
  if (self->chip == NULL)
    {
      self->chip = kol_panel_chip_new (color, text_color, chip);
      gtk_box_append (GTK_BOX (self->chip_box), self->chip);
    }
  else
    kol_panel_chip_set (self->chip, color, text_color, chip);
  gtk_label_set_text (self->name_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static const char *
corp_status (KolEngine *engine,
             int        corp)
{
  const KolCorp *c = &engine->corps[corp];

  if (c->closed)
    /* Translators: the state of a company shown on its charter. */
    return C_("company", "closed");
  if (!c->ipoed)
    return C_("company", "not started");
  if (!c->floated)
    return C_("company", "not floated");
  return NULL;
}

static void
refresh_corp (KolCharterCard *self,
              KolEngine      *engine,
              int             corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  int row = 0;

  set_header (self, def->color, def->text_color, def->id, kol_game_word_text (&def->name));
  set_status (self, corp_status (engine, corp), engine->corps[corp].closed);
  set_order (self, engine->corps[corp].floated && !engine->corps[corp].closed
                   ? kol_panel_operating_position (engine, corp) : 0);
  kol_panel_clear_box (GTK_WIDGET (self->facts));
  add_money_fact (self, self->facts, &row, kol_game_word (engine->title, KOL_WORD_TREASURY), engine->corps[corp].cash);
  add_price_facts (self, engine, corp, &row);
  add_share_facts (self, engine, corp, &row);
  add_holdings_facts (self, engine, corp, &row);
  gtk_widget_set_visible (GTK_WIDGET (self->description), FALSE);
  refresh_lines (self, engine, corp);
}

static char *
owner_name (KolEngine *engine,
            KolEntity  owner)
{
  switch (owner.kind)
    {
    case KOL_ENTITY_PLAYER:
      return g_strdup (engine->players[owner.index].name);
    case KOL_ENTITY_CORP:
      return g_strdup (engine->title->corps[owner.index].id);
    default:
      return g_strdup (kol_game_word (engine->title, KOL_WORD_BANK));
    }
}

static void
refresh_private (KolCharterCard *self,
                 KolEngine      *engine,
                 int             company)
{
  const KolCompanyDef *def = &engine->title->companies[company];
  const KolCompany *c = &engine->companies[company];
  g_autofree char *owner = owner_name (engine, c->owner);
  const char *description = kol_game_word_text (&def->description);
  int row = 0;

  set_header (self, "#e8e4d8", "#202020", def->short_name != NULL ? def->short_name : def->id,
              kol_game_word_text (&def->name));
  set_status (self, c->closed ? C_("company", "closed") : NULL, c->closed);
  set_order (self, 0);
  kol_panel_clear_box (GTK_WIDGET (self->facts));
  /* Translators: who owns a private company. */
  add_fact (self->facts, &row, C_("private company", "Owner"), owner, FALSE);
  /* Translators: a private company's face value. */
  add_money_fact (self, self->facts, &row, C_("private company", "Value"), c->value);
  add_money_fact (self, self->facts, &row, kol_game_word (engine->title, KOL_WORD_REVENUE), c->revenue);
  gtk_label_set_text (self->description, description != NULL ? description : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description), description != NULL && *description != '\0');
  gtk_widget_set_visible (self->lines_box, FALSE);
}

static void
set_acting (KolCharterCard *self,
            gboolean        acting)
{
  if (acting)
    gtk_widget_add_css_class (GTK_WIDGET (self), "kol-acting");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "kol-acting");
}

static void
acting_changed (KolCharterCard *self)
{
  set_acting (self, kol_game_company_get_acting (self->company));
}

static void
refresh (KolCharterCard *self)
{
  KolEngine *engine;
  KolGameCompanyKind kind;
  int index;

  if (self->game == NULL || self->company == NULL)
    return;
  engine = kol_panel_engine (self->game);
  kind = kol_game_company_get_kind (self->company);
  index = kol_game_company_get_entity (self->company).index;
  if (kind == KOL_GAME_COMPANY_PRIVATE && index >= 0 && index < engine->n_companies)
    refresh_private (self, engine, index);
  else if (index >= 0 && index < engine->n_corps)
    {
      refresh_corp (self, engine, index);
      set_acting (self, kol_panel_is_acting (engine, kol_entity (KOL_ENTITY_CORP, index)));
    }
}

/* ------------------------------------------------------------- GObject */

static void
set_game (KolCharterCard *self,
          KolGame        *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "state-changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
set_company (KolCharterCard *self,
             KolGameCompany *company)
{
  if (self->company == company)
    return;
  if (self->company != NULL)
    g_signal_handlers_disconnect_by_data (self->company, self);
  g_set_object (&self->company, company);
  /* the rest follows "state-changed", which comes after every change */
  if (company != NULL)
    g_signal_connect_object (company, "notify::acting", G_CALLBACK (acting_changed), self,
                             G_CONNECT_SWAPPED);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPANY]);
}

static void
kol_charter_card_dispose (GObject *object)
{
  KolCharterCard *self = KOL_CHARTER_CARD (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->company != NULL)
    g_signal_handlers_disconnect_by_data (self->company, self);
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
      set_game (self, g_value_get_object (value));
      break;
    case PROP_COMPANY:
      set_company (self, g_value_get_object (value));
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
