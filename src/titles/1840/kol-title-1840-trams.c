/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <string.h>

/*
 * Trams in the company rounds (VIII.5.3, VIII.6; the BuyTrain and
 * ReassignTrains steps, and their variants that interrupt the line
 * auction): a
 * tram company buys trams from the depot onto its card, at most three with
 * its lines', must buy one while it has none and the depot has one, may
 * scrap trams, and places its trams on its lines, one per line. In the
 * acquisition round (kol-title-1840-acquisition.c) the same steps
 * interrupt the line auctions for each tram company that won a line, and at
 * the end for those that won none. The tram lists and scrapping serve the
 * lines' Route step (kol-title-1840-company.c) too.
 */

/* ---------------------------------------------------------------- trams */

static gboolean
compat (KolEngine *engine)
{
  return k1840_state (engine)->compat;
}

/* Trains of a tram company and its lines (scrappable_trains). */
static int
card_trains (KolEngine *engine,
             int        corp,
             gint16    *out)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR];
  int n = 0, n_lines = k1840_major_lines (engine, corp, lines);

  for (int i = 0; i < n_lines; i++)
    n += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, lines[i]), out + n, KOL_MAX_TRAINS - n);
  n += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out + n, KOL_MAX_TRAINS - n);
  return n;
}

int
k1840_corp_trains (KolEngine *engine,
                   int        corp,
                   gint16    *out)
{
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out, KOL_MAX_TRAINS);
}

gboolean
k1840_scrap_train (KolEngine        *engine,
                   const KolAction  *a,
                   const gint16     *allowed,
                   int               n_allowed,
                   GError          **error)
{
  gboolean ok = FALSE;
  KolArg args[2];

  if (a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such tram");
  for (int i = 0; i < n_allowed; i++)
    ok |= allowed[i] == a->train;
  if (!ok && !compat (engine))
    {
      KolArg r[2] = { kol_arg_int (KOL_ARG_TRAIN, a->train), kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_NOT_OWNED) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, r, 2, "not one of this company's trams");
    }
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_string (kol_engine_train_name (engine, a->train));
  kol_engine_log (engine, K1840_LOG_SCRAPS_TRAIN, args, 2);
  kol_engine_move_train (engine, a->train, kol_entity (KOL_ENTITY_REMOVED, 0));
  return TRUE;
}

void
k1840_add_scrap_actions (GPtrArray    *out,
                         KolEntity     entity,
                         const gint16 *trains,
                         int           n)
{
  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_SCRAP_TRAIN, entity);

      a->train = trains[i];
      g_ptr_array_add (out, a);
    }
}

/* ---------------------------------------------------------- buying trams */

/* Does the depot offer some tram this company round? */
static gboolean
buyable_depot_trains (KolEngine *engine)
{
  gint16 depot[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (engine, depot, KOL_MAX_DEPOT_TRAINS);

  for (int i = 0; i < n; i++)
    {
      const KolTrainDef *def = &engine->title->trains[engine->trains[depot[i]].def];

      for (int v = 0; v < MAX (1, def->n_variants); v++)
        if (k1840_variant_available (engine, depot[i], v))
          return TRUE;
    }
  return FALSE;
}

/* VIII.5.3: at most three trams per tram company, on its card or its lines. */
gboolean
k1840_buy_train_room (KolEngine *engine,
                      KolStep   *s,
                      int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];

  return card_trains (engine, corp, trains) < kol_operating_train_limit (engine, corp);
}

gboolean
k1840_can_buy_train (KolEngine *engine,
                     KolStep   *s,
                     int        corp)
{
  return buyable_depot_trains (engine) && kol_step_buy_train_can_buy (engine, s, corp);
}

/* VIII.5.3: a tram company without a tram must buy one while there are
 * trams to buy. */
gboolean
k1840_step_must_buy_train (KolEngine *engine,
                           KolStep   *s,
                           int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];

  return !k1840_tram_purchase_optional (engine) && buyable_depot_trains (engine) &&
         card_trains (engine, corp, trains) == 0;
}

/**
 * k1840_tram_purchase_optional:
 *
 * VIII.5.3 «Если компания не имеет трамвая в конце раунда компаний (CRd и
 * CRe), она ДОЛЖНА купить»: by the rulebook a company without a tram may
 * pass while it pays and buys (CRd), e.g. to bid its treasury on a line
 * first, and must buy only at the end of the line auction (CRe, its
 * Buy Trains step). 18xx.games (compat) makes it buy in each of its
 * tram-buying rounds too.
 *
 * Returns: whether a tramless company may pass its purchase now
 */
gboolean
k1840_tram_purchase_optional (KolEngine *engine)
{
  return !k1840_state (engine)->compat && engine->round.kind == K1840_ROUND_COMPANY_RUN;
}

static guint32
buy_train_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity)
{
  guint32 actions = 0;
  gint16 trains[KOL_MAX_TRAINS];
  gboolean has_trains, buyable;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR) || !kol_step_is_current (engine, s, entity))
    return 0;
  has_trains = card_trains (engine, entity.index, trains) > 0;
  if (has_trains)
    actions |= KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN);
  /* k1840_step_must_buy_train and k1840_can_buy_train, sharing the look at
   * the depot */
  buyable = buyable_depot_trains (engine);
  if (buyable && !has_trains)
    return actions | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) |
           (k1840_tram_purchase_optional (engine) ? KOL_ACTION_BIT (KOL_ACTION_PASS) : 0);
  if (buyable && kol_step_buy_train_can_buy (engine, s, entity.index))
    return actions | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  if (actions == 0)
    return 0;
  return actions | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static gboolean
buy_train_process (KolEngine        *engine,
                   KolStep          *s,
                   const KolAction  *a,
                   GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      return kol_step_buy_train_action (engine, s, a, TRUE, error);
    case KOL_ACTION_SCRAP_TRAIN:
      {
        gint16 trains[KOL_MAX_TRAINS];
        int n = card_trains (engine, a->entity.index, trains);

        return k1840_scrap_train (engine, a, trains, n, error);
      }
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a tram action");
    }
}

static void
buy_train_skip (KolEngine *engine,
                KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);
  gint16 trains[KOL_MAX_TRAINS];

  if (!s->acted && k1840_entity_is (engine, e, K1840_MAJOR))
    {
      if (card_trains (engine, e.index, trains) == 0 && !buyable_depot_trains (engine))
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (engine, K1840_LOG_TRAM_OBLIGATION_LIFTED, args, 1);
        }
      else
        kol_step_log_skip (engine, s, e);
    }
  kol_step_pass (engine, s);
}

static void
buy_train_legal_actions (KolEngine *engine,
                         KolStep   *s,
                         KolEntity  entity,
                         GPtrArray *out)
{
  guint32 actions = buy_train_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN))
    {
      KolTrainOffer offers[32];
      int n = kol_buyable_train_offers (engine, entity.index, offers, G_N_ELEMENTS (offers));
      gboolean must = k1840_step_must_buy_train (engine, s, entity.index);
      int power = engine->corps[entity.index].cash;

      for (int i = 0; i < n; i++)
        {
          KolAction *a;

          if (!k1840_variant_available (engine, offers[i].train, offers[i].variant))
            continue;
          if (!must && offers[i].min_price > power)
            continue;
          a = kol_action_new (KOL_ACTION_BUY_TRAIN, entity);
          a->train = offers[i].train;
          a->price = offers[i].min_price;
          a->variant = g_strdup (engine->title->trains[engine->trains[offers[i].train].def].n_variants > 0
                                   ? engine->title->trains[engine->trains[offers[i].train].def].variants[offers[i].variant].name
                                   : engine->title->trains[engine->trains[offers[i].train].def].name);
          g_ptr_array_add (out, a);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN))
    {
      gint16 trains[KOL_MAX_TRAINS];
      int n = card_trains (engine, entity.index, trains);

      k1840_add_scrap_actions (out, entity, trains, n);
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static gboolean
buy_train_explain (KolEngine        *engine,
                   KolStep          *s,
                   const KolAction  *a,
                   GError          **error)
{
  if (a->type == KOL_ACTION_PASS && k1840_step_must_buy_train (engine, s, a->entity.index))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_MUST_BUY) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 1,
                              "a tram company without a tram must buy one");
    }
  if (a->type == KOL_ACTION_BUY_TRAIN && !k1840_buy_train_room (engine, s, a->entity.index))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_LIMIT) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 1, "at most three trams");
    }
  return TRUE;
}

const KolStepClass k1840_step_buy_train = {
  .name = "Buy Trains",
  .actions = buy_train_actions,
  .process = buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = kol_step_buy_train_pass,
  .skip = buy_train_skip,
  .legal_actions = buy_train_legal_actions,
  .explain = buy_train_explain,
};

/* --------------------------------------------------------- ReassignTrains */

static guint32
reassign_actions_for (KolEngine *engine,
                      KolEntity  entity)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR))
    return 0;
  n = k1840_major_lines (engine, entity.index, lines);
  if (n == 0 ||
      (n == 1 && k1840_corp_trains (engine, lines[0], trains) > 0 && k1840_corp_trains (engine, entity.index, trains) == 0))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_REASSIGN_TRAINS);
}

static guint32
reassign_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity)
{
  if (!kol_step_is_current (engine, s, entity))
    return 0;
  return reassign_actions_for (engine, entity);
}

/* VIII.5.3, VIII.6: the trams are placed on the card's lines, one per line;
 * trams left on the card itself mean every line has one. */
static gboolean
reassign (KolEngine        *engine,
          KolStep          *s,
          const KolAction  *a,
          GError          **error)
{
  int major = a->entity.index;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, major, lines);
  int n_trains = card_trains (engine, major, trains);
  GString *moves = g_string_new (NULL);
  KolArg args[2];

  for (guint i = 0; a->assignments && i < a->assignments->len; i++)
    {
      const KolAssignment *as = &g_array_index (a->assignments, KolAssignment, i);
      gboolean train_ok = FALSE, target_ok = as->corp == major;

      if (as->train < 0 || as->train >= engine->n_trains || as->corp < 0 || as->corp >= engine->n_corps)
        {
          g_string_free (moves, TRUE);
          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such tram or line");
        }
      for (int k = 0; k < n_trains; k++)
        train_ok |= trains[k] == as->train;
      for (int k = 0; k < n_lines; k++)
        target_ok |= lines[k] == as->corp;
      if ((!train_ok || !target_ok) && !compat (engine))
        {
          g_string_free (moves, TRUE);
          return k1840_refuse (engine, error, K1840_REASON_REASSIGN, "trams move only within one tram company");
        }
      if (kol_entity_equal (engine->trains[as->train].owner, kol_entity (KOL_ENTITY_CORP, as->corp)))
        continue;
      kol_engine_move_train (engine, as->train, kol_entity (KOL_ENTITY_CORP, as->corp));
      g_string_append_printf (moves, "%s%s ➝ %s", moves->len ? ", " : "", kol_engine_train_name (engine, as->train),
                              engine->title->corps[as->corp].id);
    }
  for (int i = 0; i < n_lines; i++)
    if (k1840_corp_trains (engine, lines[i], trains) > 1)
      {
        g_string_free (moves, TRUE);
        return k1840_refuse (engine, error, K1840_REASON_ONE_TRAM_PER_LINE, "a line runs one tram only");
      }
  if (k1840_corp_trains (engine, major, trains) > 0)
    for (int i = 0; i < n_lines; i++)
      if (k1840_corp_trains (engine, lines[i], trains) == 0)
        {
          g_string_free (moves, TRUE);
          return k1840_refuse (engine, error, K1840_REASON_LINES_NEED_TRAMS, "all lines need a tram first");
        }
  args[0] = kol_arg_entity (engine->corps[major].owner);
  args[1] = kol_arg_string (moves->str);
  kol_engine_log (engine, moves->len ? K1840_LOG_REASSIGNS : K1840_LOG_NO_REASSIGN, args, moves->len ? 2 : 1);
  g_string_free (moves, TRUE);
  kol_step_pass (engine, s);
  return TRUE;
}

static gboolean
reassign_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  if (a->type != KOL_ACTION_REASSIGN_TRAINS || !k1840_entity_is (engine, a->entity, K1840_MAJOR))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a reassignment");
  return reassign (engine, s, a, error);
}

static KolAction *
single_assignment (KolEngine *engine,
                   KolEntity  entity)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS], own[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, entity.index, lines);
  KolAction *a;
  KolAssignment as;

  if (n_lines != 1 || card_trains (engine, entity.index, trains) != 1 || k1840_corp_trains (engine, entity.index, own) != 1)
    return NULL;
  a = kol_action_new (KOL_ACTION_REASSIGN_TRAINS, entity);
  a->assignments = g_array_new (FALSE, FALSE, sizeof (KolAssignment));
  as.train = own[0];
  as.corp = lines[0];
  g_array_append_val (a->assignments, as);
  return a;
}

/* One line and one tram: the tram goes to the line by itself. */
static GPtrArray *
reassign_auto_actions (KolEngine *engine,
                       KolStep   *s,
                       KolEntity  entity)
{
  KolAction *a;
  GPtrArray *out;

  if (!(reassign_actions (engine, s, entity) & KOL_ACTION_BIT (KOL_ACTION_REASSIGN_TRAINS)))
    return NULL;
  a = single_assignment (engine, entity);
  if (a == NULL)
    return NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_ptr_array_add (out, a);
  return out;
}

/* Every placement of the card's trams with at most one per line and, when
 * trams stay on the card, one on every line. */
static void
reassign_legal (KolEngine *engine,
                KolEntity  entity,
                GPtrArray *out)
{
  int major = entity.index;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, major, lines);
  int n_card = card_trains (engine, major, trains);
  int n_trains = MIN (n_card, 4);
  int targets = n_lines + 1, combos = 1;
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int i = 0; i < n_trains; i++)
    combos *= targets;
  for (int c = 0; c < combos; c++)
    {
      int per_line[K1840_MAX_LINES_PER_MAJOR] = { 0 }, on_card = 0, x = c;
      int target[4];
      GString *key = g_string_new (NULL);
      gboolean ok = TRUE;

      for (int i = 0; i < n_trains; i++)
        {
          target[i] = x % targets;
          x /= targets;
          if (target[i] == n_lines)
            on_card++;
          else
            per_line[target[i]]++;
        }
      for (int l = 0; l < n_lines; l++)
        ok &= per_line[l] <= 1 && (on_card == 0 || per_line[l] == 1);
      /* trams of the same kind are interchangeable: one action per shape */
      for (int l = 0; l <= n_lines && ok; l++)
        {
          g_string_append_c (key, '|');
          for (int i = 0; i < n_trains; i++)
            if (target[i] == l)
              g_string_append_printf (key, "%d,", engine->trains[trains[i]].def * 8 + engine->trains[trains[i]].variant);
        }
      if (ok && !g_hash_table_contains (seen, key->str))
        {
          KolAction *a = kol_action_new (KOL_ACTION_REASSIGN_TRAINS, entity);

          g_hash_table_add (seen, g_strdup (key->str));
          a->assignments = g_array_new (FALSE, FALSE, sizeof (KolAssignment));
          for (int i = 0; i < n_trains; i++)
            {
              KolAssignment as = { trains[i], (gint16) (target[i] == n_lines ? major : lines[target[i]]) };

              g_array_append_val (a->assignments, as);
            }
          g_ptr_array_add (out, a);
        }
      g_string_free (key, TRUE);
    }
  g_hash_table_destroy (seen);
}

static void
reassign_legal_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity,
                        GPtrArray *out)
{
  if (reassign_actions (engine, s, entity))
    reassign_legal (engine, entity, out);
}

const KolStepClass k1840_step_reassign = {
  .name = "Reassign Trains",
  .actions = reassign_actions,
  .process = reassign_process,
  .auto_actions = reassign_auto_actions,
  .skip = kol_step_default_skip,
  .legal_actions = reassign_legal_actions,
};

/* ------------------------------------------- interrupting the auctions */

void
k1840_queue_push (gint16 *queue,
                  int    *n,
                  int     corp)
{
  if (*n < 16)
    queue[(*n)++] = (gint16) corp;
}

static void
queue_shift (gint16 *queue,
             int    *n)
{
  if (*n <= 0)
    return;
  memmove (queue, queue + 1, sizeof queue[0] * (gsize) (*n - 1));
  (*n)--;
}

/* The Interrupting steps each serve a queue of the acquisition round
 * (s->opt): the tram companies that bought a line, or none, buy trams,
 * then reassign them; the company at the head acts. */
static gint16 *
interrupting_queue (KolEngine  *engine,
                    KolStep    *s,
                    int       **n)
{
  K1840AcquisitionState *as = k1840_acq_round (engine);

  if (s->opt == K1840_QUEUE_REASSIGN)
    {
      *n = &as->n_reassign;
      return as->reassign;
    }
  *n = &as->n_bought;
  return as->bought;
}

static gboolean
interrupting_active (KolEngine *engine,
                     KolStep   *s)
{
  int *n;

  interrupting_queue (engine, s, &n);
  return *n > 0;
}

static int
interrupting_active_entities (KolEngine *engine,
                              KolStep   *s,
                              KolEntity *out,
                              int        max)
{
  int *n;
  gint16 *queue = interrupting_queue (engine, s, &n);

  if (*n == 0 || max < 1)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_CORP, queue[0]);
  return 1;
}

static void
interrupting_round_state (KolEngine *engine,
                          KolStep   *s)
{
  int *n;

  interrupting_queue (engine, s, &n);
  *n = 0;
}

/* ---- InterruptingBuyTrain ---- */

static void
ibuy_pass (KolEngine *engine,
           KolStep   *s)
{
  K1840AcquisitionState *st = k1840_acq_round (engine);

  if (st->n_bought > 0)
    {
      k1840_queue_push (st->reassign, &st->n_reassign, st->bought[0]);
      queue_shift (st->bought, &st->n_bought);
    }
  kol_step_buy_train_pass (engine, s);
}

const KolStepClass k1840_step_interrupting_buy_train = {
  .name = "Buy Trains",
  .actions = buy_train_actions,
  .active = interrupting_active,
  .active_entities = interrupting_active_entities,
  .process = buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = ibuy_pass,
  .skip = buy_train_skip,
  .round_state = interrupting_round_state,
  .legal_actions = buy_train_legal_actions,
  .explain = buy_train_explain,
};

/* ---- InterruptingReassignTrains ---- */

static void
ireassign_pass (KolEngine *engine,
                KolStep   *s)
{
  queue_shift (k1840_acq_round (engine)->reassign, &k1840_acq_round (engine)->n_reassign);
  s->passed = TRUE;
}

const KolStepClass k1840_step_interrupting_reassign = {
  .name = "Reassign Trains",
  .actions = reassign_actions,
  .active = interrupting_active,
  .active_entities = interrupting_active_entities,
  .process = reassign_process,
  .pass = ireassign_pass,
  .skip = kol_step_default_skip,
  .round_state = interrupting_round_state,
  .auto_actions = reassign_auto_actions,
  .legal_actions = reassign_legal_actions,
};
