/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kol-display-text.h"
#include "kol-engine-dividend.h"
#include "kol-engine-info.h"
#include "kol-engine-round.h"
#include "kol-engine-trains.h"
#include "kol-game-object-private.h"
#include "kol-game-words.h"

/*
 * How KolGame follows its history: the log replayed on a private copy of
 * the state (the cursor) into translated entries, cut back and extended
 * whenever the line of play changes, and the properties and list items
 * refreshed from the state shown, each notifying only when its value
 * changed. This is what runs after every move, undo, redo or seek, apart
 * from the object and from what the views call.
 */

/* --------------------------------------------------------------- names */

char *
_kol_game_entity_name (const KolEngine *engine,
                       KolEntity        entity)
{
  KolArg arg = { 0 };

  switch (entity.kind)
    {
    case KOL_ENTITY_PLAYER:
      {
        g_autofree char *name = NULL;

        arg = kol_arg_int (KOL_ARG_PLAYER, entity.index);
        name = kol_log_format_arg (engine, &arg);
        /* names from a file are shown isolated: see kol_display_isolate() */
        return kol_display_isolate (name);
      }
    case KOL_ENTITY_CORP:
      arg = kol_arg_int (KOL_ARG_CORP, entity.index);
      break;
    case KOL_ENTITY_COMPANY:
      arg = kol_arg_int (KOL_ARG_COMPANY, entity.index);
      break;
    case KOL_ENTITY_POOL:
      return g_strdup (kol_game_word (engine->title, KOL_WORD_POOL));
    case KOL_ENTITY_BANK:
      return g_strdup (kol_game_word (engine->title, KOL_WORD_BANK));
    default:
      return g_strdup ("");
    }
  return kol_log_format_arg (engine, &arg);
}

/* The id of the round bar's space of the round, when the title has a
 * round bar and the id counts ("SR2", "LR1a"; not "Pre" or "End", which
 * name the space, and the round's name already says it), else NULL. The
 * log, the status bar and the charts all call a round by it (1840). */
char *
_kol_game_round_track_id (KolEngine *engine)
{
  int track = kol_engine_round_track_index (engine);

  if (track >= 0)
    {
      g_autoptr(GVariant) list = kol_title_rule (engine->title, "round_track");
      g_autoptr(GVariant) entry = NULL;
      const char *id = NULL;

      if (list != NULL && g_variant_is_container (list) && (gsize) track < g_variant_n_children (list))
        entry = g_variant_get_child_value (list, track);
      if (entry != NULL && g_variant_is_of_type (entry, G_VARIANT_TYPE_VARIANT))
        {
          GVariant *inner = g_variant_get_variant (entry);

          g_variant_unref (entry);
          entry = inner;
        }
      /* only an id that counts ("SR2", "LR1a"): "Pre" and "End" name the
       * space, and the round's name already says it */
      if (entry != NULL && g_variant_is_of_type (entry, G_VARIANT_TYPE_VARDICT) &&
          g_variant_lookup (entry, "id", "&s", &id))
        return strpbrk (id, "0123456789") != NULL ? g_strdup (id) : NULL;
    }
  return NULL;
}

char *
_kol_game_train_name (const KolEngine *engine,
                      int              train)
{
  const char *name = kol_engine_train_name (engine, train);
  char *label = kol_game_word_train (engine->title, name);

  return label != NULL ? label : g_strdup (name);
}

/* The label of a round: its round track id (1840: "SR2"; none for "Pre"),
 * else the turn and the operating round in the set ("2.1"). */
static char *
round_number (KolEngine *engine)
{
  char *id = _kol_game_round_track_id (engine);

  if (id != NULL || kol_engine_round_track_index (engine) >= 0)
    return id;
  if (engine->round.klass == NULL)
    return NULL;
  if (engine->round.klass->operating)
    return g_strdup_printf ("%d.%d", MAX (engine->turn, 1), engine->round.round_num);
  if (engine->round.klass->stock)
    return g_strdup_printf ("%d", MAX (engine->turn, 1));
  return NULL;
}

static char *
round_label (KolEngine *engine)
{
  const char *name = kol_game_word_round (engine->title, kol_engine_round_name (engine));
  g_autofree char *number = round_number (engine);

  if (number == NULL)
    return g_strdup (name);
  /* Translators: a round and its number: "Stock Round 2", "Share Round SR2". */
  return g_strdup_printf (C_("round", "%s %s"), name, number);
}

/* ------------------------------------------------------------------ log */

static void
add_pending (KolGame        *self,
             const char     *text,
             const char     *round,
             int             kind,
             KolLogCategory  category)
{
  guint index = g_list_model_get_n_items (G_LIST_MODEL (self->log)) + self->pending->len;

  KolGameLogEntry *e = _kol_game_log_entry_new (index, text, round, kind, category, self->logging_action);

  /* where the log stands, for cutting it back later */
  g_object_set_data_full (G_OBJECT (e), "kol-round-key", g_strdup (self->round_key), g_free);
  g_ptr_array_add (self->pending, e);
}

/* Whether the log already has a skip of the step @step in the round
 * @round (its entries since the round's heading, pending ones too). */
static gboolean
skip_logged (KolGame    *self,
             const char *round,
             const char *step)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log));

  for (guint i = self->pending->len; i-- > 0;)
    {
      GObject *e = g_ptr_array_index (self->pending, i);

      if (g_strcmp0 (g_object_get_data (e, "kol-round-key"), round) != 0)
        return FALSE;
      if (g_strcmp0 (g_object_get_data (e, "kol-skipped-step"), step) == 0)
        return TRUE;
    }
  for (guint i = n; i-- > 0;)
    {
      g_autoptr(GObject) e = g_list_model_get_item (G_LIST_MODEL (self->log), i);

      if (g_strcmp0 (g_object_get_data (e, "kol-round-key"), round) != 0)
        return FALSE;
      if (g_strcmp0 (g_object_get_data (e, "kol-skipped-step"), step) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A step skipped for nothing to do is logged once a round, for the first
 * company that skips it, not once per company: "Issue or redeem shares"
 * with nothing to issue would fill an operating round otherwise. */
static void
log_skip (KolGame           *self,
          KolEngine         *engine,
          const KolLogEntry *entry,
          const char        *round)
{
  const char *step = entry->n_args > 1 ? entry->args[1].str : "";
  g_autofree char *text = NULL;
  g_autofree char *once = NULL;
  KolGameLogEntry *e;

  if (skip_logged (self, round, step))
    return;
  text = kol_log_format_entry (engine, entry);
  /* Translators: a log line: "AFG skips the step “Issue or redeem
   * shares”", said once a round for all the companies that skip it. */
  once = g_strdup_printf (C_("log", "%s (nothing to do; the others who skip it this round are not listed)"), text);
  add_pending (self, once, round, entry->kind, kol_log_kind_category (engine->title, entry->kind));
  e = g_ptr_array_index (self->pending, self->pending->len - 1);
  g_object_set_data_full (G_OBJECT (e), "kol-skipped-step", g_strdup (step), g_free);
}

/* The engine's log function on the cursor. Entries are made into words at
 * once: the names and prices of this moment are the ones to show. Every
 * round is headed by its name as the table shows it (1840: the round
 * bar's «LR1a», not the engine's own heading, which numbers line rounds
 * otherwise), once, even when the rules split it into several engine
 * rounds (1840's Company Round steps CRa … CRf). */
static void
log_cb (KolEngine         *engine,
        const KolLogEntry *entry,
        gpointer           user_data)
{
  KolGame *self = user_data;
  g_autofree char *round = NULL;
  g_autofree char *text = NULL;

  if (kol_log_kind_is_round (engine->title, entry->kind))
    return;
  round = round_label (engine);
  if (g_strcmp0 (round, self->round_key) != 0)
    {
      add_pending (self, round, round, 0, KOL_LOG_CATEGORY_ROUND);
      g_free (self->round_key);
      self->round_key = g_strdup (round);
    }
  if (entry->kind == KOL_LOG_STEP_SKIP)
    {
      log_skip (self, engine, entry, round);
      return;
    }
  text = kol_log_format_entry (engine, entry);
  add_pending (self, text, round, entry->kind, kol_log_kind_category (engine->title, entry->kind));
}

void
_kol_game_cursor_reset (KolGame *self,
                        guint    n)
{
  g_autoptr(GError) error = NULL;
  KolEngine *at = kol_history_dup_game_at (self->history, n, &error);

  if (at == NULL)
    {
      g_warning ("cannot rebuild the log at %u: %s", n, error->message);
      at = kol_engine_copy (kol_history_get_initial_game (self->history));
      n = 0;
    }
  g_clear_pointer (&self->cursor, kol_engine_free);
  self->cursor = at;
  self->cursor->log_func = log_cb;
  self->cursor->log_data = self;
  self->n_logged = n;
}

/* Drops the entries of actions @n and later. */
static void
log_truncate (KolGame *self,
              guint    n)
{
  guint len = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  guint keep = len;

  while (keep > 0)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (G_LIST_MODEL (self->log), keep - 1);

      if (_kol_game_log_entry_get_action_index (e) < n)
        break;
      keep--;
    }
  if (keep < len)
    g_list_store_splice (self->log, keep, len - keep, NULL, 0);
  /* what the computers said of the actions taken back goes with them */
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, self->notes);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (GPOINTER_TO_UINT (key) >= n)
        g_hash_table_iter_remove (&iter);
  }
  /* the log goes on from its last entry kept */
  g_clear_pointer (&self->round_key, g_free);
  if (keep > 0)
    {
      g_autoptr(KolGameLogEntry) last = g_list_model_get_item (G_LIST_MODEL (self->log), keep - 1);

      self->round_key = g_strdup (g_object_get_data (G_OBJECT (last), "kol-round-key"));
    }
  _kol_game_cursor_reset (self, n);
}

void
_kol_game_log_extend (KolGame *self,
                      guint    n_actions)
{
  for (guint i = self->n_logged; i < n_actions; i++)
    {
      const KolAction *a = kol_history_get_action (self->history, i);
      g_autoptr(GError) error = NULL;
      const char *note;

      self->logging_action = i;
      if (!kol_engine_apply_unsafe (self->cursor, a, FALSE, NULL, &error))
        {
          g_warning ("action %u no longer replays for the log: %s", i, error->message);
          g_ptr_array_set_size (self->pending, 0);
          _kol_game_cursor_reset (self, i + 1);
          continue;
        }
      self->n_logged = i + 1;
      note = g_hash_table_lookup (self->notes, GUINT_TO_POINTER (i));
      if (note != NULL)
        {
          g_autofree char *round = round_label (self->cursor);

          add_pending (self, note, round, -1, KOL_LOG_CATEGORY_DETAIL);
        }
    }
  if (self->pending->len > 0)
    {
      g_list_store_splice (self->log, g_list_model_get_n_items (G_LIST_MODEL (self->log)), 0,
                           self->pending->pdata, self->pending->len);
      g_ptr_array_set_size (self->pending, 0);
    }
}

/* Follows the history's line of play: returns TRUE when it changed. */
static gboolean
log_sync (KolGame *self)
{
  guint n = kol_history_get_n_actions (self->history);

  if (n == self->n_logged)
    return FALSE;
  if (n < self->n_logged)
    log_truncate (self, n);
  _kol_game_log_extend (self, n);
  return TRUE;
}

static void
log_mark_future (KolGame *self,
                 guint    position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (G_LIST_MODEL (self->log), i);

      _kol_game_log_entry_set_future (e, _kol_game_log_entry_get_action_index (e) >= position);
    }
}

/* ------------------------------------------------------------ refreshing */

static KolEntity
acting_entity (KolEngine *engine)
{
  KolEntity out[KOL_MAX_ROUND_ENTITIES];

  if (engine->finished || kol_engine_active_entities (engine, out, G_N_ELEMENTS (out)) == 0)
    return KOL_ENTITY_INIT_NONE;
  return out[0];
}

static char *
acting_name (KolEngine *engine,
             KolEntity  acting,
             int        player)
{
  g_autofree char *name = _kol_game_entity_name (engine, acting);
  g_autofree char *player_name = NULL;
  int parent;

  if (acting.kind == KOL_ENTITY_NONE)
    return NULL;
  if (acting.kind == KOL_ENTITY_PLAYER || player < 0)
    return g_steal_pointer (&name);
  player_name = _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_PLAYER, player));
  parent = acting.kind == KOL_ENTITY_CORP ? kol_engine_corp_parent (engine, acting.index) : -1;
  if (parent >= 0)
    {
      g_autofree char *parent_name = _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, parent));

      /* Translators: who acts: "Line 5 of WT (Anna)". */
      return g_strdup_printf (C_("acting", "%1$s of %2$s (%3$s)"), name, parent_name, player_name);
    }
  /* Translators: who acts: "ATA (Anna)". */
  return g_strdup_printf (C_("acting", "%1$s (%2$s)"), name, player_name);
}

/* The corporation whose colours and id stand for the one acting: its own,
 * or a line's tram company's. */
static const KolCorpDef *
acting_def (const KolEngine *engine,
            int              corp)
{
  int parent;

  if (corp < 0)
    return NULL;
  parent = kol_engine_corp_parent (engine, corp);
  return &engine->title->corps[parent >= 0 ? parent : corp];
}

static char *
step_label (KolEngine *engine)
{
  KolStep *step;

  if (engine->finished)
    return g_strdup (_("The game is over"));
  step = kol_engine_active_step (engine);
  if (step == NULL || step->klass == NULL || step->klass->name == NULL)
    return g_strdup ("");
  return g_strdup (kol_game_word_step (engine->title, step->klass->name));
}

static void
set_string (KolGame  *self,
            char    **field,
            char     *value,
            int       prop)
{
  _kol_set_string (G_OBJECT (self), field, value, properties[prop]);
}

static char *
end_reason (const KolEngine *engine)
{
  if (!engine->finished)
    return NULL;
  switch ((KolGameEnd) engine->end_reason)
    {
    case KOL_GAME_END_BANK:
      /* Translators: why a game ended. */
      return g_strdup (_("The bank ran out of money."));
    case KOL_GAME_END_STOCK_MARKET:
      return g_strdup (_("A share price reached the end of the market."));
    case KOL_GAME_END_BANKRUPT:
      return g_strdup (_("A player went bankrupt."));
    case KOL_GAME_END_FIXED_ROUND:
      return g_strdup (_("The last round has been played."));
    case KOL_GAME_END_MANUAL:
      return g_strdup (_("The players ended the game."));
    case KOL_GAME_END_NONE:
      /* a dead game: all companies closed and none can start, so rounds
       * pass with nobody to act (18xx.games ends these too) */
      return g_strdup (_("Nobody could act any more, so the game was stopped."));
    default:
      return NULL;
    }
}

static void
set_object (KolGame  *self,
            gpointer *field,
            gpointer  value,
            int       prop)
{
  if (*field == value)
    return;
  g_set_object ((GObject **) field, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The open bids company by company, in auction order: "SCE: Anna L.115,
 * Boris L.110; TRL: Clara L.60". */
static char *
auction_text (const KolEngine *engine)
{
  const KolAuctioneer *a = kol_engine_open_auction (engine);
  g_autoptr(GString) out = g_string_new (NULL);
  KolEntity seen[KOL_AUCTION_MAX_BIDS];
  int n_seen = 0;

  for (int i = 0; a != NULL && i < a->n_bids; i++)
    {
      KolEntity target = a->bids[i].target;
      int idx[KOL_AUCTION_MAX_BIDS];
      int n;
      gboolean done = FALSE;
      g_autofree char *name = NULL;

      for (int k = 0; k < n_seen && !done; k++)
        done = kol_entity_equal (seen[k], target);
      if (done)
        continue;
      seen[n_seen++] = target;
      n = kol_auctioneer_bids_on (a, target, idx, G_N_ELEMENTS (idx));
      name = _kol_game_entity_name (engine, target);
      g_string_append_printf (out, "%s%s:", out->len > 0 ? "; " : "", name);
      for (int k = 0; k < n; k++)
        {
          g_autofree char *who = _kol_game_entity_name (engine, a->bids[idx[k]].bidder);
          g_autofree char *price = kol_game_word_money (engine->title, a->bids[idx[k]].price);

          g_string_append_printf (out, "%s %s %s", k > 0 ? "," : "", who, price);
        }
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
refresh_properties (KolGame   *self,
                    KolEngine *engine,
                    KolEntity  acting)
{
  GObject *o = G_OBJECT (self);
  int player = acting.kind != KOL_ENTITY_NONE ? kol_entity_player (engine, acting) : -1;
  int corp = acting.kind == KOL_ENTITY_CORP ? acting.index : -1;
  const KolCorpDef *def = acting_def (engine, corp);
  const KolPhaseDef *phase = engine->phase >= 0 && (guint) engine->phase < engine->title->n_phases ? &engine->title->phases[engine->phase]
                                                                                  : NULL;

  set_string (self, &self->round_name, round_label (engine), PROP_ROUND_NAME);
  set_string (self, &self->phase_name, g_strdup (phase != NULL ? kol_game_word_phase (engine->title, engine->phase) : ""),
              PROP_PHASE_NAME);
  set_string (self, &self->step_name, step_label (engine), PROP_STEP_NAME);
  set_string (self, &self->end_reason, end_reason (engine), PROP_END_REASON);
  set_string (self, &self->acting_entity_name, acting_name (engine, acting, player), PROP_ACTING_ENTITY_NAME);
  set_string (self, &self->acting_color, g_strdup (def != NULL ? def->color : NULL), PROP_ACTING_COLOR);
  set_string (self, &self->acting_text_color, g_strdup (def != NULL ? def->text_color : NULL),
              PROP_ACTING_TEXT_COLOR);
  set_string (self, &self->acting_chip, g_strdup (def != NULL ? def->id : NULL), PROP_ACTING_CHIP);
  set_string (self, &self->auction_text, auction_text (engine), PROP_AUCTION_TEXT);
  {
    g_autoptr(KolGameCompany) company = NULL;
    g_autoptr(KolGamePlayer) seat = NULL;

    if (corp >= 0)
      company = g_list_model_get_item (G_LIST_MODEL (self->companies), corp);
    else if (acting.kind == KOL_ENTITY_COMPANY)
      company = g_list_model_get_item (G_LIST_MODEL (self->companies), engine->n_corps + acting.index);
    if (player >= 0)
      seat = g_list_model_get_item (G_LIST_MODEL (self->players), player);
    set_object (self, (gpointer *) &self->acting_company_item, company, PROP_ACTING_COMPANY_ITEM);
    set_object (self, (gpointer *) &self->acting_player_item, seat, PROP_ACTING_PLAYER_ITEM);
  }
  _kol_set_int (o, &self->acting_player, player, properties[PROP_ACTING_PLAYER]);
  _kol_set_int (o, &self->acting_corp, corp, properties[PROP_ACTING_CORPORATION]);
  _kol_set_bool (o, &self->can_undo, kol_history_can_undo (self->history), properties[PROP_CAN_UNDO]);
  _kol_set_bool (o, &self->can_redo, kol_history_can_redo (self->history), properties[PROP_CAN_REDO]);
  _kol_set_bool (o, &self->live, kol_history_is_live (self->history), properties[PROP_LIVE]);
  _kol_set_bool (o, &self->finished, kol_history_get_game (self->history)->finished, properties[PROP_FINISHED]);
  if (self->position != kol_history_get_position (self->history))
    {
      self->position = kol_history_get_position (self->history);
      g_object_notify_by_pspec (o, properties[PROP_POSITION]);
    }
  if (self->n_actions != kol_history_get_n_actions (self->history))
    {
      self->n_actions = kol_history_get_n_actions (self->history);
      g_object_notify_by_pspec (o, properties[PROP_N_ACTIONS]);
    }
}

/* The item lists match the state's entities; only a different count
 * (never during a game) rebuilds one. */
static void
ensure_items (GListStore *store,
              guint       n,
              gpointer  (*make) (int index))
{
  g_autoptr(GPtrArray) items = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (store)) == n)
    return;
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, make ((int) i));
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), items->pdata, n);
}

static gpointer
make_player (int index)
{
  return _kol_game_player_new (index);
}

static void
ensure_companies (KolGame         *self,
                  const KolEngine *engine)
{
  guint n = (guint) (engine->n_corps + engine->n_companies);
  g_autoptr(GPtrArray) items = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (self->companies)) == n)
    return;
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = 0; i < engine->n_corps; i++)
    g_ptr_array_add (items, _kol_game_company_new (kol_entity (KOL_ENTITY_CORP, i)));
  for (int i = 0; i < engine->n_companies; i++)
    g_ptr_array_add (items, _kol_game_company_new (kol_entity (KOL_ENTITY_COMPANY, i)));
  g_list_store_splice (self->companies, 0, g_list_model_get_n_items (G_LIST_MODEL (self->companies)),
                       items->pdata, n);
}

/* Each corporation's list of the companies it owns (1840's lines), in
 * the game's order. */
static void
refresh_subsidiaries (KolGame         *self,
                      const KolEngine *engine)
{
  for (int corp = 0; corp < engine->n_corps; corp++)
    {
      g_autoptr(KolGameCompany) owner = g_list_model_get_item (G_LIST_MODEL (self->companies), corp);
      g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_object_unref);

      for (int i = 0; i < engine->n_corp_order; i++)
        {
          int c = engine->corp_order[i];

          if (c >= 0 && c < engine->n_corps && c != corp && !engine->corps[c].removed &&
              kol_engine_corp_parent (engine, c) == corp)
            g_ptr_array_add (lines, g_list_model_get_item (G_LIST_MODEL (self->companies), c));
        }
      _kol_game_company_set_subsidiaries (owner, lines);
    }
}

/* The players by score, best first (equal scores keep seating order):
 * rank, name, cash, shares, private companies, what the title adds or
 * takes off, net worth; the winners' rows are current. */
static void
refresh_scores (KolGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->players));
  g_autoptr(GPtrArray) ranked = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) rows = _kol_game_row_specs_new ();
  const KolTitle *title = kol_history_get_title (self->history);
  int rank = 0;

  for (guint i = 0; i < n; i++)
    {
      KolGamePlayer *p = g_list_model_get_item (G_LIST_MODEL (self->players), i);
      guint j = ranked->len;

      g_ptr_array_add (ranked, p);
      while (j > 0 && kol_game_player_get_net_worth (ranked->pdata[j - 1]) < kol_game_player_get_net_worth (p))
        {
          ranked->pdata[j] = ranked->pdata[j - 1];
          j--;
        }
      ranked->pdata[j] = p;
    }
  for (guint i = 0; i < ranked->len; i++)
    {
      KolGamePlayer *p = ranked->pdata[i];
      int cash = 0, shares = 0, privates = 0, adjustments = 0;

      if (i == 0 || kol_game_player_get_net_worth (p) != kol_game_player_get_net_worth (ranked->pdata[i - 1]))
        rank = (int) i + 1;
      g_object_get (p, "score-cash", &cash, "score-shares", &shares, "score-privates", &privates,
                    "score-adjustments", &adjustments, NULL);
      _kol_game_row_spec_add (rows, FALSE, rank == 1, NULL, g_strdup_printf ("%d", rank),
                              g_strdup (kol_game_player_get_name (p)), kol_game_word_money (title, cash),
                              kol_game_word_money (title, shares), kol_game_word_money (title, privates),
                              kol_game_word_money (title, adjustments),
                              kol_game_word_money (title, kol_game_player_get_net_worth (p)), NULL);
    }
  _kol_game_rows_sync (self->scores, rows);
}

static void
refresh_items (KolGame         *self,
               const KolEngine *engine,
               KolEntity        acting)
{
  KolEntity acting_player = kol_entity (KOL_ENTITY_PLAYER, kol_entity_player (engine, acting));

  ensure_items (self->players, (guint) engine->n_players, make_player);
  ensure_companies (self, engine);
  /* companies first: a player's holdings name them */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->companies)); i++)
    {
      g_autoptr(KolGameCompany) c = g_list_model_get_item (G_LIST_MODEL (self->companies), i);

      _kol_game_company_update (c, engine, acting);
    }
  refresh_subsidiaries (self, engine);
  for (int i = 0; i < engine->n_players; i++)
    {
      g_autoptr(KolGamePlayer) p = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      _kol_game_player_update (p, engine, acting_player, G_LIST_MODEL (self->companies));
    }
  refresh_scores (self);
  _kol_game_bank_update (self->bank, engine);
  kol_game_market_update (self->market, engine);
  kol_game_market_set_preview (self->market, -1, -1, -1);
}

/* While a company chooses its dividend, its item's run is the run being
 * paid, not the one before (the state keeps it in the round until then). */
static void
refresh_run_paid (KolGame   *self,
                  KolEngine *engine,
                  KolEntity  acting)
{
  KolStep *step = acting.kind == KOL_ENTITY_CORP ? kol_engine_active_step (engine) : NULL;
  g_autoptr(KolGameCompany) company = NULL;

  /* each title has its own dividend step: ask what the step takes */
  if (step == NULL || step->klass == NULL || step->klass->actions == NULL || acting.index >= engine->n_corps ||
      !(step->klass->actions (engine, step, acting) & KOL_ACTION_BIT (KOL_ACTION_DIVIDEND)))
    return;
  company = g_list_model_get_item (G_LIST_MODEL (self->companies), (guint) acting.index);
  if (company != NULL)
    _kol_game_company_set_run (company, engine->title, kol_dividend_total_revenue (engine, acting.index));
}

void
_kol_game_refresh (KolGame *self)
{
  KolEngine *engine = kol_history_get_game (self->history);
  KolEntity acting = acting_entity (engine);

  g_object_freeze_notify (G_OBJECT (self));
  /* the choices are new: none is pointed at yet */
  kol_game_set_pointed_hexes (self, NULL, 0);
  refresh_items (self, engine, acting);
  refresh_run_paid (self, engine, acting);
  _kol_game_choices_refresh (self);
  log_mark_future (self, kol_history_get_position (self->history));
  refresh_properties (self, engine, acting);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[STATE_CHANGED], 0);
}

void
_kol_game_set_modified (KolGame  *self,
                        gboolean  modified)
{
  _kol_set_bool (G_OBJECT (self), &self->modified, modified, properties[PROP_MODIFIED]);
}

void
_kol_game_history_changed_cb (KolGame *self)
{
  if (log_sync (self))
    _kol_game_set_modified (self, TRUE);
  _kol_game_runs_trim (self, kol_history_get_n_actions (self->history));
  _kol_game_refresh (self);
}
