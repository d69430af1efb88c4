/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-chart.h"
#include "kol-game-over-view.h"
#include "kol-game-progress.h"
#include "kol-panel-util.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolGameOverView:
 *
 * Scores and charts; see kol-game-over-view.h.
 */
struct _KolGameOverView
{
  GtkWidget parent_instance;

  KolGame         *game;
  KolGameProgress *progress;
  int              n_ranked;
  int              ranking[KOL_MAX_PLAYERS];
  int              scores[KOL_MAX_PLAYERS];

  GtkLabel  *heading;
  GtkLabel  *reason;
  GtkLabel  *scores_heading;
  GtkGrid   *scores_grid;
  GtkWidget *progress_label;
  KolChart  *worth_chart;
  KolChart  *price_chart;
};

G_DEFINE_FINAL_TYPE (KolGameOverView, kol_game_over_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Player lines: distinct on light and dark backgrounds. */
static const char *player_colors[KOL_MAX_PLAYERS] = {
  "#1c71d8", "#e01b24", "#2ec27e", "#f5c211", "#9141ac", "#ff7800", "#00a5b5", "#865e3c",
};

/* ------------------------------------------------------------- scores */

static void
add_score_heading (KolGameOverView *self)
{
  const KolTitle *title = kol_game_get_title (self->game);
  const char *heads[] = {
    /* Translators: column headings of the final scores. */
    C_("scores", "Rank"), C_("scores", "Player"), C_("scores", "Cash"), C_("scores", "Shares"),
    kol_game_word (title, KOL_WORD_PRIVATE_COMPANIES), kol_game_word (title, KOL_WORD_SCORE_ADJUSTMENTS),
    kol_game_word (title, KOL_WORD_NET_WORTH),
  };

  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      GtkWidget *head = gtk_label_new (heads[i]);

      gtk_label_set_xalign (GTK_LABEL (head), i >= 2 ? 1 : 0);
      gtk_widget_add_css_class (head, "heading");
      gtk_grid_attach (self->scores_grid, head, (int) i, 0, 1, 1);
    }
}

/* The score cells: money right-aligned, the net worth bold. */
static void
style_scores (KolGameOverView *self)
{
  for (GtkWidget *cell = gtk_widget_get_first_child (GTK_WIDGET (self->scores_grid)); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell))
    {
      int column = 0, row = 0;

      gtk_grid_query_child (self->scores_grid, cell, &column, &row, NULL, NULL);
      if (row == 0 || column < 2)
        continue;
      gtk_label_set_xalign (GTK_LABEL (cell), 1);
      gtk_widget_add_css_class (cell, "numeric");
      if (column == 6)
        gtk_widget_add_css_class (cell, "heading");
    }
}

/* The players by score, best first; equal scores keep seating order. */
static void
rank_players (KolGameOverView *self)
{
  GListModel *players = kol_game_get_players (self->game);
  guint n = g_list_model_get_n_items (players);

  self->n_ranked = (int) MIN (n, KOL_MAX_PLAYERS);
  for (int p = 0; p < self->n_ranked; p++)
    {
      g_autoptr(KolGamePlayer) player = g_list_model_get_item (players, p);
      int j = p;

      self->scores[p] = kol_game_player_get_net_worth (player);
      while (j > 0 && self->scores[self->ranking[j - 1]] < self->scores[p])
        {
          self->ranking[j] = self->ranking[j - 1];
          j--;
        }
      self->ranking[j] = p;
    }
}

static void
refresh_scores (KolGameOverView *self)
{
  gboolean finished = kol_game_get_finished (self->game);
  const char *why = kol_game_get_end_reason (self->game);

  gtk_label_set_text (self->heading, finished ? _("Game over") : _("The game so far"));
  gtk_label_set_text (self->reason, why != NULL ? why : "");
  gtk_widget_set_visible (GTK_WIDGET (self->reason), why != NULL);
  gtk_label_set_text (self->scores_heading, finished ? _("Final scores") : _("Scores now"));
  rank_players (self);
  style_scores (self);
}

/* ------------------------------------------------------------- charts */

static void
fill_markers (KolChart        *chart,
              KolGameProgress *progress)
{
  guint n = kol_game_progress_get_n_samples (progress);
  g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const KolGameSample *s = kol_game_progress_get_sample (progress, i);
      double at = s->action;

      /* a marker where a round begins, not at the last point of a round */
      if (i > 0 && g_strcmp0 (s->round, kol_game_progress_get_sample (progress, i - 1)->round) == 0)
        continue;
      g_array_append_val (x, at);
      g_ptr_array_add (labels, s->round);
    }
  kol_chart_set_markers (chart, x->len, (double *) (void *) x->data, (const char * const *) labels->pdata);
}

static void
fill_worth (KolGameOverView *self,
            const double    *x,
            guint            n)
{
  GListModel *players = kol_game_get_players (self->game);
  int charted = kol_game_progress_get_n_players (self->progress);
  int seated = (int) g_list_model_get_n_items (players);
  int n_players = MIN (charted, seated);
  g_autofree double *values = g_new (double, (gsize) MAX (n_players, 1) * MAX (n, 1));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const char *names[KOL_MAX_PLAYERS];

  n_players = MIN (n_players, KOL_MAX_PLAYERS);
  for (int p = 0; p < n_players; p++)
    {
      g_ptr_array_add (items, g_list_model_get_item (players, p));
      names[p] = kol_game_player_get_name (items->pdata[p]);
      for (guint i = 0; i < n; i++)
        values[p * n + i] = kol_game_progress_get_worth (self->progress, i, p);
    }
  kol_chart_set_data (self->worth_chart, n, x, n_players, names, player_colors, values);
}

static void
fill_prices (KolGameOverView *self,
             const double    *x,
             guint            n)
{
  GListModel *companies = kol_game_get_companies (self->game);
  int charted = kol_game_progress_get_n_corps (self->progress);
  int n_corps = MIN (charted, KOL_MAX_CORPS);
  g_autofree double *values = g_new (double, (gsize) MAX (n_corps, 1) * MAX (n, 1));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const char *names[KOL_MAX_CORPS], *colors[KOL_MAX_CORPS];
  int k = 0;

  for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
    {
      KolGameCompany *company = g_list_model_get_item (companies, i);
      KolEntity e = kol_game_company_get_entity (company);
      int c = e.index;

      g_ptr_array_add (items, company);
      if (e.kind != KOL_ENTITY_CORP || c >= n_corps || !kol_game_progress_corp_priced (self->progress, c))
        continue;
      names[k] = kol_game_company_get_id (company);
      colors[k] = kol_game_company_get_color (company);
      for (guint j = 0; j < n; j++)
        {
          int price = kol_game_progress_get_price (self->progress, j, c);

          values[k * n + j] = price > 0 ? price : NAN;
        }
      k++;
    }
  kol_chart_set_data (self->price_chart, n, x, (guint) k, names, colors, values);
}

/* The charts are the view's: they write money through the game it shows. */
static char *
chart_money (int      value,
             gpointer view)
{
  KolGameOverView *self = view;

  return self->game != NULL ? kol_game_format_money (self->game, value) : g_strdup_printf ("%d", value);
}

static void
fill_charts (KolGameOverView *self)
{
  const KolTitle *title = kol_game_get_title (self->game);
  guint n = kol_game_progress_get_n_samples (self->progress);
  g_autofree double *x = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    x[i] = kol_game_progress_get_sample (self->progress, i)->action;
  kol_chart_set_format (self->worth_chart, chart_money, self, NULL);
  kol_chart_set_format (self->price_chart, chart_money, self, NULL);
  kol_chart_set_title (self->worth_chart, kol_game_word (title, KOL_WORD_NET_WORTH));
  kol_chart_set_title (self->price_chart, kol_game_word (title, KOL_WORD_SHARE_PRICE));
  kol_chart_set_x_range (self->worth_chart, kol_game_progress_get_until (self->progress));
  kol_chart_set_x_range (self->price_chart, kol_game_progress_get_until (self->progress));
  fill_worth (self, x, n);
  fill_prices (self, x, n);
  fill_markers (self->worth_chart, self->progress);
  fill_markers (self->price_chart, self->progress);
  gtk_widget_set_visible (self->progress_label, !kol_game_progress_is_complete (self->progress));
}

static void
stop_progress (KolGameOverView *self)
{
  if (self->progress != NULL)
    g_signal_handlers_disconnect_by_data (self->progress, self);
  g_clear_object (&self->progress);
}

/* Follows the history up to the point shown, unless already doing so. */
static void
follow_history (KolGameOverView *self)
{
  guint position = 0;

  g_object_get (self->game, "position", &position, NULL);
  if (self->progress != NULL && kol_game_progress_get_until (self->progress) == position)
    return;
  stop_progress (self);
  self->progress = kol_game_progress_new (kol_game_get_history (self->game), position);
  g_signal_connect_object (self->progress, "samples-added", G_CALLBACK (fill_charts), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->progress, "notify::complete", G_CALLBACK (fill_charts), self,
                           G_CONNECT_SWAPPED);
  fill_charts (self);
}

static void
refresh (KolGameOverView *self)
{
  if (self->game == NULL)
    return;
  refresh_scores (self);
  follow_history (self);
}

/* ------------------------------------------------------------- public */

/**
 * kol_game_over_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_game_over_view_set_game (KolGameOverView *self,
                             KolGame         *game)
{
  g_return_if_fail (KOL_IS_GAME_OVER_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  stop_progress (self);
  kol_panel_rows_bind (self->scores_grid, NULL, 1);
  kol_panel_clear_box (GTK_WIDGET (self->scores_grid));
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      add_score_heading (self);
      kol_panel_rows_bind (self->scores_grid, kol_game_get_scores (game), 1);
      g_signal_connect_object (game, "state-changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
      refresh (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_game_over_view_get_game (KolGameOverView *self)
{
  g_return_val_if_fail (KOL_IS_GAME_OVER_VIEW (self), NULL);
  return self->game;
}

/**
 * kol_game_over_view_get_ranked:
 * @self: a view
 * @rank: a place in the ranking, 0 = the best
 * @score: (out) (optional): that player's score
 *
 * Returns: the player index shown at @rank, -1 when none
 */
int
kol_game_over_view_get_ranked (KolGameOverView *self,
                               int              rank,
                               int             *score)
{
  g_return_val_if_fail (KOL_IS_GAME_OVER_VIEW (self), -1);
  if (rank < 0 || rank >= self->n_ranked)
    return -1;
  if (score != NULL)
    *score = self->scores[self->ranking[rank]];
  return self->ranking[rank];
}

/**
 * kol_game_over_view_is_complete:
 * @self: a view
 *
 * Returns: whether the charts cover the whole game shown
 */
gboolean
kol_game_over_view_is_complete (KolGameOverView *self)
{
  g_return_val_if_fail (KOL_IS_GAME_OVER_VIEW (self), FALSE);
  return self->progress != NULL && kol_game_progress_is_complete (self->progress);
}

/**
 * kol_game_over_view_get_chart:
 * @self: a view
 * @prices: %TRUE for the share prices, %FALSE for the net worth
 *
 * Returns: (transfer none): the #KolChart
 */
GtkWidget *
kol_game_over_view_get_chart (KolGameOverView *self,
                              gboolean         prices)
{
  g_return_val_if_fail (KOL_IS_GAME_OVER_VIEW (self), NULL);
  return GTK_WIDGET (prices ? self->price_chart : self->worth_chart);
}

static void
kol_game_over_view_dispose (GObject *object)
{
  KolGameOverView *self = KOL_GAME_OVER_VIEW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  stop_progress (self);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_GAME_OVER_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_game_over_view_parent_class)->dispose (object);
}

static void
kol_game_over_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KolGameOverView *self = KOL_GAME_OVER_VIEW (object);

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
kol_game_over_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  KolGameOverView *self = KOL_GAME_OVER_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_game_over_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_game_over_view_class_init (KolGameOverViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_game_over_view_dispose;
  object_class->get_property = kol_game_over_view_get_property;
  object_class->set_property = kol_game_over_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KOL_TYPE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-game-over-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, heading);
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, reason);
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, scores_heading);
  gtk_widget_class_bind_template_child_full (widget_class, "scores", FALSE,
                                             G_STRUCT_OFFSET (KolGameOverView, scores_grid));
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, worth_chart);
  gtk_widget_class_bind_template_child (widget_class, KolGameOverView, price_chart);
  gtk_widget_class_set_css_name (widget_class, "kol-game-over-view");
}

static void
kol_game_over_view_init (KolGameOverView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_game_over_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_game_over_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_GAME_OVER_VIEW, "game", game, NULL);
}
