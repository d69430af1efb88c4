/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-bank-view.h"
#include "kol-engine-info.h"
#include "kol-engine-shares.h"
#include "kol-engine-trains.h"
#include "kol-panel-util.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolBankView:
 *
 * The bank, pool, depot, round and phase; see kol-bank-view.h. The parts
 * are grids and boxes of the template, refilled from the state after every
 * change; the round track's steps are built once per game.
 */
struct _KolBankView
{
  GtkWidget parent_instance;

  KolGame    *game;
  GBinding   *round_binding;
  int         track_index;

  GtkLabel   *round_label;
  GtkLabel   *phase_label;
  GtkWidget  *track_box;
  GtkLabel   *track_heading;
  GtkFlowBox *track;
  GtkGrid    *money;
  GtkLabel   *depot_heading;
  GtkGrid    *depot;
  GtkWidget  *next;
  GtkLabel   *phases_heading;
  GtkGrid    *phases;
};

G_DEFINE_FINAL_TYPE (KolBankView, kol_bank_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
cell (const char *text,
      gboolean    markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (markup)
    gtk_label_set_markup (GTK_LABEL (label), text);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  return label;
}

static GtkWidget *
dim_cell (const char *text)
{
  GtkWidget *label = cell (text, FALSE);

  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
add_pair (GtkGrid    *grid,
          int        *row,
          const char *name,
          const char *value)
{
  GtkWidget *term = dim_cell (name);
  GtkWidget *text = cell (value, FALSE);

  gtk_widget_set_valign (term, GTK_ALIGN_START);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  term, NULL, -1);
  gtk_grid_attach (grid, term, 0, *row, 1, 1);
  gtk_grid_attach (grid, text, 1, *row, 1, 1);
  (*row)++;
}

/* ------------------------------------------------------- bank and pool */

static char *
pool_text (KolEngine *engine)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];
      int percent;

      if (c < 0 || c >= engine->n_corps || (percent = kol_corp_pool_percent (engine, c)) == 0)
        continue;
      g_string_append_printf (out, "%s%s %d%%", out->len > 0 ? ", " : "", engine->title->corps[c].id, percent);
    }
  if (out->len == 0)
    /* Translators: the pool holds no shares. */
    return g_strdup (C_("pool", "empty"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
discarded_text (KolEngine *engine)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_depot_discarded (engine, trains, G_N_ELEMENTS (trains));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", kol_engine_train_name (engine, trains[i]));
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
refresh_money (KolBankView *self,
               KolEngine   *engine)
{
  g_autofree char *pool = pool_text (engine);
  g_autofree char *discarded = discarded_text (engine);
  g_autofree char *bank = NULL;
  int row = 0;

  if (engine->title->bank < 0)
    /* Translators: the bank's cash when it is unlimited (1840). */
    bank = g_strdup (C_("bank", "unlimited"));
  else
    bank = kol_panel_money (self->game, engine->bank);
  kol_panel_clear_box (GTK_WIDGET (self->money));
  add_pair (self->money, &row, kol_game_word (engine->title, KOL_WORD_BANK), bank);
  add_pair (self->money, &row, kol_game_word (engine->title, KOL_WORD_POOL), pool);
  if (discarded != NULL)
    /* Translators: trains (1840: trams) discarded to the pool, on sale. */
    add_pair (self->money, &row, _("Discarded"), discarded);
}

/* --------------------------------------------------------------- depot */

static gboolean
train_on_sale (const gint16 *sale,
               int           n_sale,
               KolEngine    *engine,
               int           train)
{
  for (int i = 0; i < n_sale; i++)
    if (engine->trains[sale[i]].def == engine->trains[train].def &&
        engine->trains[sale[i]].variant == engine->trains[train].variant)
      return TRUE;
  return FALSE;
}

static char *
train_markup (KolEngine *engine,
              int        train)
{
  g_autofree char *color = kol_panel_train_color (engine->title, engine->trains[train].def);
  g_autofree char *name = g_markup_escape_text (kol_engine_train_name (engine, train), -1);

  if (color == NULL)
    return g_steal_pointer (&name);
  return g_strdup_printf ("<span foreground=\"%s\">●</span> %s", color, name);
}

/* One row per run of equal trains (same name and price) in depot order. */
static void
add_depot_rows (KolBankView  *self,
                KolEngine    *engine,
                const gint16 *trains,
                int           n,
                int          *row)
{
  for (int i = 0; i < n;)
    {
      int j = i + 1;
      g_autofree char *name = train_markup (engine, trains[i]);
      g_autofree char *count = NULL;
      g_autofree char *price = kol_panel_money (self->game, kol_engine_train_price (engine, trains[i]));

      while (j < n && g_strcmp0 (kol_engine_train_name (engine, trains[j]), kol_engine_train_name (engine, trains[i])) == 0 &&
             kol_engine_train_price (engine, trains[j]) == kol_engine_train_price (engine, trains[i]))
        j++;
      /* Translators: how many equal trains (trams) are in the depot. */
      count = g_strdup_printf (C_("trains", "×%d"), j - i);
      gtk_grid_attach (self->depot, cell (name, TRUE), 0, *row, 1, 1);
      gtk_grid_attach (self->depot, cell (count, FALSE), 1, *row, 1, 1);
      gtk_grid_attach (self->depot, cell (price, FALSE), 2, *row, 1, 1);
      (*row)++;
      i = j;
    }
}

static void
add_depot_heading (KolBankView *self,
                   const char  *text,
                   int         *row)
{
  GtkWidget *label = dim_cell (text);

  gtk_widget_add_css_class (label, "caption-heading");
  gtk_grid_attach (self->depot, label, 0, (*row)++, 3, 1);
}

static void
refresh_depot (KolBankView *self,
               KolEngine   *engine)
{
  gint16 upcoming[KOL_MAX_TRAINS], sale[KOL_MAX_TRAINS], now[KOL_MAX_TRAINS], later[KOL_MAX_TRAINS];
  int n = kol_engine_depot_upcoming (engine, upcoming, G_N_ELEMENTS (upcoming));
  int n_sale = kol_depot_trains (engine, sale, G_N_ELEMENTS (sale));
  int n_now = 0, n_later = 0, row = 0;

  for (int i = 0; i < n; i++)
    {
      if (!kol_panel_train_buyable (engine->title, engine->trains[upcoming[i]].def))
        continue;
      if (train_on_sale (sale, n_sale, engine, upcoming[i]))
        now[n_now++] = upcoming[i];
      else
        later[n_later++] = upcoming[i];
    }
  gtk_label_set_text (self->depot_heading, kol_game_word (engine->title, KOL_WORD_TRAINS));
  kol_panel_clear_box (GTK_WIDGET (self->depot));
  if (n_now > 0)
    {
      add_depot_heading (self, kol_game_word (engine->title, KOL_WORD_AVAILABLE_TRAINS), &row);
      add_depot_rows (self, engine, now, n_now, &row);
    }
  if (n_later > 0)
    {
      add_depot_heading (self, kol_game_word (engine->title, KOL_WORD_FUTURE_TRAINS), &row);
      add_depot_rows (self, engine, later, n_later, &row);
    }
  if (n_now + n_later == 0)
    /* Translators: the depot has no trains (1840: trams) left. */
    gtk_grid_attach (self->depot, dim_cell (C_("depot", "empty")), 0, 0, 3, 1);
}

/* ------------------------------------------------ what a purchase changes */

/* Has no train of @def left the depot yet? */
static gboolean
def_fresh (KolEngine *engine,
           int        def)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (engine->trains[i].def == def && (!engine->trains[i].in_depot || engine->trains[i].owner.kind != KOL_ENTITY_BANK))
      return FALSE;
  return TRUE;
}

static void
append_phase (GString        *out,
              const KolTitle *title,
              int             phase)
{
  const KolPhaseDef *p = &title->phases[phase];

  /* Translators: buying a train starts a phase: "Phase 6H begins". */
  g_string_append_printf (out, _("Phase %s begins"), p->name);
  g_string_append_printf (out, " (%s %d)", kol_game_word (title, KOL_WORD_TRAIN_LIMIT), p->train_limit);
  for (guint e = 0; p->events != NULL && e < p->events->len; e++)
    {
      const char *id = g_ptr_array_index (p->events, e);
      g_autofree char *key = g_strconcat ("event_", id, NULL);

      g_string_append_printf (out, "; %s", kol_game_word_id (title, key, id));
    }
}

static void
append_sentence (GString    *out,
                 const char *sentence)
{
  g_string_append_printf (out, "%s%s", out->len > 0 ? "; " : "", sentence);
}

/* What buying the first train of @def does, or NULL for nothing. */
static char *
first_purchase_effects (KolEngine *engine,
                        int        def)
{
  const KolTitle *t = engine->title;
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint p = 0; p < t->n_phases; p++)
    if (t->phases[p].on == def)
      append_phase (out, t, (int) p);
  for (guint d = 0; d < t->n_trains; d++)
    {
      g_autofree char *sentence = NULL;

      if (t->trains[d].rusts_on == def)
        /* Translators: buying a train makes older trains rust: "4H rust". */
        sentence = g_strdup_printf (_("%s rust"), t->trains[d].name);
      else if (t->trains[d].obsolete_on == def)
        /* Translators: buying a train makes older trains obsolete. */
        sentence = g_strdup_printf (_("%s become obsolete"), t->trains[d].name);
      if (sentence != NULL)
        append_sentence (out, sentence);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* A fresh box each time: GTK 4.8 keeps the size request mode a box had
 * when it was empty, so wrapping lines added later to the same box were
 * measured one line high and ran over the phase table. */
static void
replace_next_box (KolBankView *self)
{
  GtkWidget *parent = gtk_widget_get_parent (self->next);
  GtkWidget *previous = gtk_widget_get_prev_sibling (self->next);  /* the heading */
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_accessible_update_relation (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  previous, NULL, -1);
  gtk_box_remove (GTK_BOX (parent), self->next);
  gtk_box_insert_child_after (GTK_BOX (parent), box, previous);
  self->next = box;
}

static void
refresh_next (KolBankView *self,
              KolEngine   *engine)
{
  gint16 upcoming[KOL_MAX_TRAINS];
  int n = kol_engine_depot_upcoming (engine, upcoming, G_N_ELEMENTS (upcoming));
  guint32 seen = 0;
  int shown = 0;

  replace_next_box (self);
  for (int i = 0; i < n; i++)
    {
      int def = engine->trains[upcoming[i]].def;
      g_autofree char *effects = NULL;
      g_autofree char *line = NULL;

      if (def < 0 || def >= 32 || (seen & (1u << def)) || !def_fresh (engine, def))
        continue;
      seen |= 1u << def;
      if ((effects = first_purchase_effects (engine, def)) == NULL)
        continue;
      /* Translators: %1$s is a train (1840: tram) name, %2$s what buying
       * the first one changes. */
      line = g_strdup_printf (_("First %1$s: %2$s"), engine->title->trains[def].name, effects);
      gtk_box_append (GTK_BOX (self->next), cell (line, FALSE));
      shown++;
    }
  if (shown == 0)
    /* Translators: buying trains (trams) changes no phase and rusts nothing. */
    gtk_box_append (GTK_BOX (self->next), dim_cell (_("Buying trains changes nothing else now.")));
}

/* -------------------------------------------------------- round track */

static GVariant *
round_track (const KolTitle *title)
{
  g_autoptr(GVariant) rule = kol_title_rule (title, "round_track");

  if (rule == NULL)
    return NULL;
  if (g_variant_is_of_type (rule, G_VARIANT_TYPE_VARIANT))
    return g_variant_get_variant (rule);
  return g_steal_pointer (&rule);
}

static char *
track_step_text (GVariant *entry)
{
  g_autoptr(GVariant) inner = g_variant_is_of_type (entry, G_VARIANT_TYPE_VARIANT)
                              ? g_variant_get_variant (entry) : g_variant_ref (entry);
  g_autoptr(GVariant) id = NULL;
  g_autoptr(GVariant) multiplier = NULL;
  int times;

  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_VARDICT))
    return g_strdup ("?");
  id = g_variant_lookup_value (inner, "id", G_VARIANT_TYPE_STRING);
  multiplier = g_variant_lookup_value (inner, "multiplier", NULL);
  times = kol_variant_to_int (multiplier, 0);
  if (times > 0)
    /* Translators: a step of 1840's round bar: a company round and its
     * multiplier ("CR4 ×2"). */
    return g_strdup_printf (_("%s ×%d"), id != NULL ? g_variant_get_string (id, NULL) : "?", times);
  return g_strdup (id != NULL ? g_variant_get_string (id, NULL) : "?");
}

static void
build_track (KolBankView    *self,
             const KolTitle *title)
{
  g_autoptr(GVariant) track = round_track (title);
  gsize n = track != NULL && g_variant_is_container (track) &&
            !g_variant_is_of_type (track, G_VARIANT_TYPE_VARDICT) ? g_variant_n_children (track) : 0;

  kol_panel_clear_box (GTK_WIDGET (self->track));
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (track, i);
      g_autofree char *text = track_step_text (entry);
      GtkWidget *label = gtk_label_new (text);

      gtk_widget_add_css_class (label, "kol-track-step");
      gtk_flow_box_append (self->track, label);
    }
  gtk_label_set_text (self->track_heading, kol_game_word (title, KOL_WORD_ROUND_TRACK));
  gtk_widget_set_visible (self->track_box, n > 0);
}

static void
refresh_track (KolBankView *self,
               KolEngine   *engine)
{
  int current = kol_engine_round_track_index (engine);
  int i = 0;

  self->track_index = current;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->track)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *label = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      gtk_widget_remove_css_class (label, "kol-current");
      gtk_widget_remove_css_class (label, "kol-past");
      if (i == current)
        gtk_widget_add_css_class (label, "kol-current");
      else if (i < current)
        gtk_widget_add_css_class (label, "kol-past");
      gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_SELECTED,
                                   i == current, -1);
    }
}

/* -------------------------------------------------------------- phases */

static const char *
color_name (KolColor color)
{
  switch (color)
    {
    case KOL_COLOR_WHITE: return C_("tile colour", "white");
    case KOL_COLOR_YELLOW: return C_("tile colour", "yellow");
    case KOL_COLOR_GREEN: return C_("tile colour", "green");
    case KOL_COLOR_BROWN: return C_("tile colour", "brown");
    case KOL_COLOR_GRAY: return C_("tile colour", "gray");
    case KOL_COLOR_RED: return C_("tile colour", "red");
    case KOL_COLOR_PURPLE: return C_("tile colour", "purple");
    case KOL_COLOR_BLUE: return C_("tile colour", "blue");
    case KOL_N_COLORS:
    default: return "";
    }
}

static char *
tiles_markup (guint8 tiles)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int c = 0; c < KOL_N_COLORS; c++)
    if (tiles & (1u << c))
      g_string_append_printf (out, "%s<span foreground=\"%s\">■</span> %s", out->len > 0 ? " " : "",
                              kol_color_to_string ((KolColor) c), color_name ((KolColor) c));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
add_phase_row (KolBankView    *self,
               const KolTitle *title,
               int             phase,
               gboolean        current)
{
  const KolPhaseDef *p = &title->phases[phase];
  g_autofree char *tiles = tiles_markup (p->tiles);
  g_autofree char *limit = p->train_limit > 0 ? g_strdup_printf ("%d", p->train_limit) : g_strdup ("—");
  g_autofree char *rounds = g_strdup_printf ("%d", p->operating_rounds);
  GtkWidget *cells[4] = { cell (p->name, FALSE), cell (tiles, TRUE), cell (limit, FALSE), cell (rounds, FALSE) };

  for (int i = 0; i < 4; i++)
    {
      gtk_label_set_wrap (GTK_LABEL (cells[i]), FALSE);
      if (current)
        gtk_widget_add_css_class (cells[i], "kol-current");
      gtk_grid_attach (self->phases, cells[i], i, phase + 1, 1, 1);
    }
}

static void
refresh_phases (KolBankView *self,
                KolEngine   *engine)
{
  const KolTitle *t = engine->title;
  const char *heads[4] = {
    /* Translators: column heading of the phase table. */
    C_("phase table", "Phase"),
    C_("phase table", "Tiles"),
    kol_game_word (t, KOL_WORD_TRAIN_LIMIT),
    kol_game_word (t, KOL_WORD_OPERATING_ROUNDS),
  };

  gtk_label_set_text (self->phases_heading, kol_game_word (t, KOL_WORD_PHASES));
  kol_panel_clear_box (GTK_WIDGET (self->phases));
  for (int i = 0; i < 4; i++)
    {
      GtkWidget *head = dim_cell (heads[i]);

      gtk_label_set_wrap (GTK_LABEL (head), FALSE);
      gtk_widget_add_css_class (head, "caption-heading");
      gtk_grid_attach (self->phases, head, i, 0, 1, 1);
    }
  for (guint p = 0; p < t->n_phases; p++)
    add_phase_row (self, t, (int) p, (int) p == engine->phase);
}

/* ------------------------------------------------------------- refresh */

static void
refresh (KolBankView *self)
{
  KolEngine *engine;
  g_autofree char *phase = NULL;
  g_autofree char *phase_text = NULL;

  if (self->game == NULL)
    return;
  engine = kol_panel_engine (self->game);
  g_object_get (self->game, "phase-name", &phase, NULL);
  /* Translators: the current phase ("Phase 6H"). */
  phase_text = g_strdup_printf (_("Phase %s"), phase != NULL ? phase : "");
  gtk_label_set_text (self->phase_label, phase_text);
  refresh_track (self, engine);
  refresh_money (self, engine);
  refresh_depot (self, engine);
  refresh_next (self, engine);
  refresh_phases (self, engine);
}

/**
 * kol_bank_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_bank_view_set_game (KolBankView *self,
                        KolGame     *game)
{
  g_return_if_fail (KOL_IS_BANK_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->round_binding, g_binding_unbind);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      self->round_binding = g_object_bind_property (game, "round-name", self->round_label, "label",
                                                    G_BINDING_SYNC_CREATE);
      g_signal_connect_object (game, "state-changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
      build_track (self, kol_game_get_title (game));
      refresh (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_bank_view_get_game (KolBankView *self)
{
  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), NULL);
  return self->game;
}

/**
 * kol_bank_view_dup_next_train:
 * @self: a view
 *
 * Returns: (transfer full) (nullable): the name of the first train (tram)
 *   the depot sells next, as shown
 */
char *
kol_bank_view_dup_next_train (KolBankView *self)
{
  GtkWidget *first;

  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), NULL);
  /* the first row under the first heading */
  first = gtk_grid_get_child_at (self->depot, 0, 1);
  return GTK_IS_LABEL (first) ? g_strdup (gtk_label_get_text (GTK_LABEL (first))) : NULL;
}

/**
 * kol_bank_view_get_track_index:
 * @self: a view
 *
 * Returns: the step of the round track marked current, -1 when none
 */
int
kol_bank_view_get_track_index (KolBankView *self)
{
  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), -1);
  return self->track_index;
}

static void
kol_bank_view_dispose (GObject *object)
{
  KolBankView *self = KOL_BANK_VIEW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->round_binding, g_binding_unbind);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_BANK_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_bank_view_parent_class)->dispose (object);
}

static void
kol_bank_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  KolBankView *self = KOL_BANK_VIEW (object);

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
kol_bank_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  KolBankView *self = KOL_BANK_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_bank_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_bank_view_class_init (KolBankViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_bank_view_dispose;
  object_class->get_property = kol_bank_view_get_property;
  object_class->set_property = kol_bank_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-bank-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolBankView, round_label);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track_box);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, money);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, depot_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, depot);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, next);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phases_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phases);
  gtk_widget_class_set_css_name (widget_class, "kol-bank-view");
}

static void
kol_bank_view_init (KolBankView *self)
{
  self->track_index = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_bank_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_bank_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_BANK_VIEW, "game", game, NULL);
}
