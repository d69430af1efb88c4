/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Helpers for the operating-round tests (test-operating.c, test-track.c,
 * test-token.c, test-trains.c, test-dividend.c, test-companies.c): a
 * synthetic title from kol-test-title.h completed with a market, phases,
 * trains, companies and share certificates, and a game in an operating
 * round with a test rules module whose operating hooks each test sets.
 *
 * Header-only (static inline) so that each test program stays one file.
 */

#include "kol-test-title.h"
#include "kol-engine-companies.h"
#include "kol-engine-dividend.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-engine-round.h"
#include "kol-engine-token.h"
#include "kol-engine-track.h"
#include "kol-engine-trains.h"

#include <string.h>

/* A train type: "name price count rusts_on available_on [variant:price]". */
typedef struct
{
  const char *name;
  int         price;
  int         count;
  const char *rusts_on;      /* train name or NULL */
  const char *available_on;  /* phase name or NULL */
  const char *variant;       /* a second variant's name or NULL */
  int         variant_price;
} KolTestTrain;

/* A phase: name, the train starting it, train limit, status flags
 * (space-separated), events (space-separated). */
typedef struct
{
  const char *name;
  const char *on;
  int         train_limit;
  const char *status;
  const char *events;
} KolTestPhase;

typedef struct
{
  const char *id;
  int         value;
  int         revenue;
} KolTestCompany;

/* The rules module of the tests; tests change the hooks before acting. */
static KolOperatingHooks kol_test_op_hooks;
static KolTitleModule    kol_test_op_module;
static GPtrArray        *kol_test_events;   /* event names seen (char*) */
static GPtrArray        *kol_test_log;      /* KolLogEntry* copies */

static inline void
kol_test_op_event (KolEngine  *engine,
                   const char *event)
{
  if (kol_test_events)
    g_ptr_array_add (kol_test_events, g_strdup (event));
}

static inline void
kol_test_op_log (KolEngine         *engine,
                 const KolLogEntry *entry,
                 gpointer           data)
{
  if (kol_test_log)
    g_ptr_array_add (kol_test_log, g_memdup2 (entry, sizeof *entry));
}

/* Resets the module and its hooks to the generic rules. */
static inline void
kol_test_op_reset (void)
{
  memset (&kol_test_op_hooks, 0, sizeof kol_test_op_hooks);
  memset (&kol_test_op_module, 0, sizeof kol_test_op_module);
  kol_test_op_module.id = "test-operating";
  kol_test_op_module.operating_hooks = &kol_test_op_hooks;
  kol_test_op_module.event = kol_test_op_event;
  g_clear_pointer (&kol_test_events, g_ptr_array_unref);
  g_clear_pointer (&kol_test_log, g_ptr_array_unref);
  kol_test_events = g_ptr_array_new_with_free_func (g_free);
  kol_test_log = g_ptr_array_new_with_free_func (g_free);
}

static inline gboolean
kol_test_saw_event (const char *event)
{
  for (guint i = 0; kol_test_events && i < kol_test_events->len; i++)
    if (g_strcmp0 (g_ptr_array_index (kol_test_events, i), event) == 0)
      return TRUE;
  return FALSE;
}

static inline int
kol_test_count_log (int kind)
{
  int n = 0;

  for (guint i = 0; kol_test_log && i < kol_test_log->len; i++)
    if (((KolLogEntry *) g_ptr_array_index (kol_test_log, i))->kind == kind)
      n++;
  return n;
}

static inline GPtrArray *
kol_test_strv_array (const char *words)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) parts = g_strsplit (words ? words : "", " ", -1);

  for (int i = 0; parts[i]; i++)
    if (parts[i][0])
      g_ptr_array_add (a, g_strdup (parts[i]));
  return a;
}

/* A market of one row per string, cells separated by spaces ("100p 110"). */
static inline void
kol_test_set_market (KolTitle    *t,
                     const char **rows)
{
  memset (&t->market, 0, sizeof t->market);
  for (int r = 0; rows[r]; r++)
    {
      g_auto(GStrv) cells = g_strsplit (rows[r], " ", -1);
      int c = 0;

      for (; cells[c]; c++)
        {
          KolMarketCell *cell = &t->market.cells[r][c];

          cell->present = TRUE;
          cell->price = atoi (cells[c]);
          if (strchr (cells[c], 'p'))
            cell->flags |= KOL_CELL_PAR;
        }
      t->market.row_len[r] = c;
      t->market.n_cols = MAX (t->market.n_cols, c);
      t->market.n_rows = r + 1;
    }
}

static inline void
kol_test_set_phases (KolTitle           *t,
                     const KolTestPhase *phases)
{
  guint n = 0;
  guint8 tiles = t->phases[0].tiles;

  while (phases[n].name)
    n++;
  for (guint i = 0; i < t->n_phases; i++)
    {
      g_free (t->phases[i].name);
      g_clear_pointer (&t->phases[i].status, g_ptr_array_unref);
      g_clear_pointer (&t->phases[i].events, g_ptr_array_unref);
    }
  g_free (t->phases);
  t->n_phases = n;
  t->phases = g_new0 (KolPhaseDef, n);
  for (guint i = 0; i < n; i++)
    {
      t->phases[i].name = g_strdup (phases[i].name);
      t->phases[i].on = -1;
      t->phases[i].tiles = tiles;
      t->phases[i].train_limit = phases[i].train_limit;
      t->phases[i].operating_rounds = 1;
      t->phases[i].status = kol_test_strv_array (phases[i].status);
      t->phases[i].events = kol_test_strv_array (phases[i].events);
    }
}

static inline int
kol_test_train_def (KolTitle   *t,
                    const char *name)
{
  for (guint i = 0; name && i < t->n_trains; i++)
    if (g_strcmp0 (t->trains[i].name, name) == 0)
      return (int) i;
  return -1;
}

static inline int
kol_test_phase_def (KolTitle   *t,
                    const char *name)
{
  for (guint i = 0; name && i < t->n_phases; i++)
    if (g_strcmp0 (t->phases[i].name, name) == 0)
      return (int) i;
  return -1;
}

/* Call after kol_test_set_phases: phases' `on` refer to trains by name. */
static inline void
kol_test_set_trains (KolTitle           *t,
                     const KolTestTrain *trains,
                     const KolTestPhase *phases)
{
  guint n = 0;

  while (trains[n].name)
    n++;
  t->n_trains = n;
  t->trains = g_new0 (KolTrainDef, n);
  for (guint i = 0; i < n; i++)
    {
      KolTrainDef *d = &t->trains[i];

      d->id = g_strdup (trains[i].name);
      d->name = g_strdup (trains[i].name);
      d->distance = 2;
      d->price = trains[i].price;
      d->count = trains[i].count;
      d->rusts_on = -1;
      d->obsolete_on = -1;
      d->available_on = (gint16) kol_test_phase_def (t, trains[i].available_on);
      d->n_variants = trains[i].variant ? 2 : 1;
      d->variants[0].name = g_strdup (trains[i].name);
      d->variants[0].price = trains[i].price;
      if (trains[i].variant)
        {
          d->variants[1].name = g_strdup (trains[i].variant);
          d->variants[1].price = trains[i].variant_price;
        }
    }
  for (guint i = 0; i < n; i++)
    t->trains[i].rusts_on = (gint16) kol_test_train_def (t, trains[i].rusts_on);
  for (guint i = 0; phases[i].name; i++)
    t->phases[i].on = (gint16) kol_test_train_def (t, phases[i].on);
}

static inline void
kol_test_set_companies (KolTitle             *t,
                        const KolTestCompany *companies)
{
  guint n = 0;

  while (companies[n].id)
    n++;
  t->n_companies = n;
  t->companies = g_new0 (KolCompanyDef, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      t->companies[i].id = g_strdup (companies[i].id);
      t->companies[i].value = companies[i].value;
      t->companies[i].revenue = companies[i].revenue;
    }
}

/* Every corporation gets a 20% president's certificate and eight 10%. */
static inline void
kol_test_set_shares (KolTitle *t)
{
  for (guint c = 0; c < t->n_corps; c++)
    {
      KolCorpDef *def = &t->corps[c];

      def->n_shares = 9;
      def->shares[0] = 20;
      for (int i = 1; i < 9; i++)
        def->shares[i] = 10;
      def->float_percent = 20;
    }
}

/* A game on @t with the test module and a log collector. */
static inline KolEngine *
kol_test_op_game (const KolTitle *t)
{
  KolEngine *engine = kol_test_game_new (t);

  engine->module = &kol_test_op_module;
  engine->log_func = kol_test_op_log;
  return engine;
}

/* Floats @corp at the market cell (row, col) for player @player with @cash
 * in its treasury: the president's certificate goes to the player. */
static inline void
kol_test_float (KolEngine  *engine,
                const char *corp_id,
                int         player,
                int         row,
                int         col,
                int         cash)
{
  int corp = kol_test_corp (engine, corp_id);
  int cert = kol_engine_president_cert (engine, corp);

  kol_market_set_par (engine, corp, kol_cell (row, col));
  engine->corps[corp].ipoed = TRUE;
  engine->corps[corp].floated = TRUE;
  engine->corps[corp].owner = kol_entity (KOL_ENTITY_PLAYER, player);
  engine->corps[corp].cash = cash;
  if (cert >= 0)
    kol_engine_move_cert (engine, cert, kol_entity (KOL_ENTITY_PLAYER, player));
}

/* Moves @n ordinary certificates of @corp from its treasury to @to. */
static inline void
kol_test_give_shares (KolEngine *engine,
                      int        corp,
                      KolEntity  to,
                      int        n)
{
  for (int i = 0; i < engine->n_certs && n > 0; i++)
    if (engine->certs[i].corp == corp && !engine->certs[i].president &&
        kol_entity_equal (engine->certs[i].owner, kol_entity (KOL_ENTITY_CORP, corp)))
      {
        kol_engine_move_cert (engine, i, to);
        n--;
      }
  g_assert_cmpint (n, ==, 0);
}

/* Gives @corp the first depot train named @name (as a purchase without
 * payment or phase effects). */
static inline int
kol_test_give_train (KolEngine  *engine,
                     const char *corp_id,
                     const char *name)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_engine_depot_upcoming (engine, list, KOL_MAX_TRAINS);

  for (int i = 0; i < n; i++)
    if (g_strcmp0 (kol_engine_train_name (engine, list[i]), name) == 0)
      {
        kol_engine_move_train (engine, list[i], kol_entity (KOL_ENTITY_CORP, kol_test_corp (engine, corp_id)));
        return list[i];
      }
  g_assert_not_reached ();
  return -1;
}

/* Starts an operating round with @steps (NULL-terminated) and runs its
 * setup, as a title starts one. */
static inline void
kol_test_start_or (KolEngine                 *engine,
                   const KolStepClass *const *steps,
                   const gint16              *opts)
{
  int n = 0;

  while (steps[n])
    n++;
  kol_round_start (engine, &kol_round_operating, 0, 1, steps, opts, n);
  kol_round_setup (engine);
}

static inline KolEntity
kol_test_corp_entity (KolEngine  *engine,
                      const char *id)
{
  return kol_entity (KOL_ENTITY_CORP, kol_test_corp (engine, id));
}

/* Applies an action; returns the refusal code, or -1 on success. */
static inline int
kol_test_apply (KolEngine *engine,
                KolAction *a)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = kol_engine_apply (engine, a, FALSE, NULL, &error);

  kol_action_free (a);
  if (ok)
    return -1;
  g_assert_nonnull (error);
  return error->code;
}

/* The reason argument of the last refusal, or KOL_REASON_NONE. */
static inline int
kol_test_refusal_reason (KolEngine *engine)
{
  for (guint i = 0; i < engine->refusal.n_args; i++)
    if (engine->refusal.args[i].kind == KOL_ARG_REASON)
      return engine->refusal.args[i].value;
  return KOL_REASON_NONE;
}

static inline KolAction *
kol_test_pass (KolEngine  *engine,
               const char *corp)
{
  return kol_action_new (KOL_ACTION_PASS, kol_test_corp_entity (engine, corp));
}

static inline KolAction *
kol_test_lay_action (KolEngine  *engine,
                     const char *corp,
                     const char *hex,
                     const char *tile,
                     int         rotation)
{
  KolAction *a = kol_action_new (KOL_ACTION_LAY_TILE, kol_test_corp_entity (engine, corp));

  a->hex = (gint16) kol_test_hex (engine, hex);
  a->tile_copy = (gint16) kol_board_free_copy (engine, kol_test_tile (engine, tile));
  a->rotation = (guint8) rotation;
  return a;
}

static inline KolAction *
kol_test_token_action (KolEngine  *engine,
                       const char *corp,
                       const char *hex,
                       int         city)
{
  KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, kol_test_corp_entity (engine, corp));

  a->hex = (gint16) kol_test_hex (engine, hex);
  a->city = (gint8) city;
  return a;
}

static inline KolAction *
kol_test_buy_train_action (KolEngine  *engine,
                           const char *corp,
                           int         train,
                           int         price,
                           const char *variant)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_TRAIN, kol_test_corp_entity (engine, corp));

  a->train = (gint16) train;
  a->price = price;
  a->variant = g_strdup (variant);
  return a;
}

/* run_routes with one route per (train, revenue) pair; ended by train -1. */
static inline KolAction *
kol_test_run_action (KolEngine  *engine,
                     const char *corp,
                     const int  *pairs)
{
  KolAction *a = kol_action_new (KOL_ACTION_RUN_ROUTES, kol_test_corp_entity (engine, corp));

  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  for (int i = 0; pairs[i] >= 0; i += 2)
    {
      KolRouteSpec *r = g_new0 (KolRouteSpec, 1);

      r->train = (gint16) pairs[i];
      r->revenue = pairs[i + 1];
      r->revenue_str = g_strdup ("A-B");
      g_ptr_array_add (a->routes, r);
    }
  return a;
}

static inline KolAction *
kol_test_dividend_action (KolEngine  *engine,
                          const char *corp,
                          const char *kind)
{
  KolAction *a = kol_action_new (KOL_ACTION_DIVIDEND, kol_test_corp_entity (engine, corp));

  a->kind = g_strdup (kind);
  return a;
}

/* The active step's class name, or "". */
static inline const char *
kol_test_active_step (KolEngine *engine)
{
  KolStep *s = kol_round_active_step (engine);

  return s ? s->klass->name : "";
}

/*
 * The standard board of these tests (flat layout):
 *
 *   A1  AA's home city, track south        C1  BB's home city, track south
 *   A3  blank, terrain 40                  C3  blank
 *   A5  blank                              B2, B4  blank
 *   A7  a city with track north
 *
 * Tiles: "9" yellow straight (x3), "8" yellow curve, "G9" green straight
 * plus a sharp curve 4-5 (an upgrade that adds track AA cannot reach),
 * "G8" green straight plus curve 3-4 (new track from A1's side).
 */
static const KolTestHex kol_test_op_hexes[] = {
  { "A1", "yellow", "city=revenue:20;path=a:0,b:_0" },
  { "A3", NULL, "upgrade=cost:40" },
  { "A5", NULL, NULL },
  { "A7", "yellow", "city=revenue:30;path=a:3,b:_0" },
  { "B2", NULL, NULL },
  { "B4", NULL, NULL },
  { "C1", "yellow", "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, NULL },
  { NULL },
};

static const KolTestTile kol_test_op_tiles[] = {
  { "9", "yellow", 3, "path=a:0,b:3" },
  { "8", "yellow", 1, "path=a:0,b:2" },
  { "G9", "green", 1, "path=a:0,b:3;path=a:4,b:5" },
  { "G8", "green", 1, "path=a:0,b:3;path=a:3,b:4" },
  { NULL },
};

static const KolTestCorp kol_test_op_corps[] = {
  { "AA", 3, "A1", 0 },
  { "BB", 2, "C1", 0 },
  { "CC", 2, NULL, 0 },
  { NULL },
};

static const char *kol_test_op_market[] = {
  "100 110 120 130 140",
  "90 100p 110 120",
  NULL,
};

static const KolTestPhase kol_test_op_phases[] = {
  { "2", NULL, 4, "", "" },
  { "3", "3", 4, "can_buy_companies", "" },
  { "4", "4", 2, "can_buy_companies", "close_companies" },
  { NULL },
};

static const KolTestTrain kol_test_op_trains[] = {
  { "2", 80, 3, "4", NULL, NULL, 0 },
  { "3", 180, 2, NULL, NULL, "3+", 150 },
  { "4", 300, 2, NULL, NULL, NULL, 0 },
  { "D", 500, 1, NULL, "4", NULL, 0 },
  { NULL },
};

static const KolTestCompany kol_test_op_companies[] = {
  { "P1", 20, 5 },
  { "P2", 40, 10 },
  { NULL },
};

/* The standard title, completed. */
static inline KolTitle *
kol_test_op_title (void)
{
  KolTestTitleSpec spec = {
    .hexes = kol_test_op_hexes,
    .tiles = kol_test_op_tiles,
    .corps = kol_test_op_corps,
  };
  KolTitle *t = kol_test_title_new (&spec);

  kol_test_set_market (t, kol_test_op_market);
  kol_test_set_phases (t, kol_test_op_phases);
  kol_test_set_trains (t, kol_test_op_trains, kol_test_op_phases);
  kol_test_set_companies (t, kol_test_op_companies);
  kol_test_set_shares (t);
  return t;
}
