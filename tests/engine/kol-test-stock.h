/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Helpers for the stock-side tests (test-market.c, test-shares.c,
 * test-stock-round.c, test-auction.c): a synthetic title (kol-test-title.h
 * for the one-hex board) with a market written like 18xx.games' MARKET rows,
 * corporations with certificate lists, private companies, and a game on a
 * test rules module whose market, stock and operating hooks each test sets.
 *
 * Header-only (static inline) so that each test program stays one file.
 */

#include "kol-test-title.h"
#include "kol-engine-auction.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"

#include <stdlib.h>
#include <string.h>

typedef struct
{
  const char *id;
  const char *shares;          /* "20 10 10 …", the president's first */
  int         float_percent;
  const char *type;            /* NULL = "public" */
} KolTestStockCorp;

typedef struct
{
  const char *id;
  int         value;
  int         revenue;
} KolTestStockCompany;

/* The rules module of the tests; tests change the hooks before acting. */
static KolStockHooks     kol_test_stock_hooks;
static KolMarketHooks    kol_test_market_hooks;
static KolOperatingHooks kol_test_stock_op_hooks;
static KolTitleModule    kol_test_stock_module;
static GPtrArray        *kol_test_stock_log;    /* KolLogEntry* copies */
static int               kol_test_next_rounds;  /* rounds started by next_round */

static inline void
kol_test_stock_log_func (KolEngine         *engine,
                         const KolLogEntry *entry,
                         gpointer           data)
{
  if (kol_test_stock_log)
    g_ptr_array_add (kol_test_stock_log, g_memdup2 (entry, sizeof *entry));
}

/* next_round of the test module: another stock round. */
static inline void
kol_test_stock_next_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = { &kol_step_buy_sell_par_shares };

  kol_test_next_rounds++;
  kol_round_start (engine, &kol_round_stock, 0, 1, steps, NULL, 1);
}

/* Resets the module and its hooks to the generic rules. */
static inline void
kol_test_stock_reset (void)
{
  memset (&kol_test_stock_hooks, 0, sizeof kol_test_stock_hooks);
  memset (&kol_test_market_hooks, 0, sizeof kol_test_market_hooks);
  memset (&kol_test_stock_op_hooks, 0, sizeof kol_test_stock_op_hooks);
  memset (&kol_test_stock_module, 0, sizeof kol_test_stock_module);
  kol_test_stock_module.id = "test-stock";
  kol_test_stock_module.stock_hooks = &kol_test_stock_hooks;
  kol_test_stock_module.market_hooks = &kol_test_market_hooks;
  kol_test_stock_module.operating_hooks = &kol_test_stock_op_hooks;
  kol_test_stock_module.next_round = kol_test_stock_next_round;
  g_clear_pointer (&kol_test_stock_log, g_ptr_array_unref);
  kol_test_stock_log = g_ptr_array_new_with_free_func (g_free);
  kol_test_next_rounds = 0;
}

static inline int
kol_test_count_kind (int kind)
{
  int n = 0;

  for (guint i = 0; kol_test_stock_log && i < kol_test_stock_log->len; i++)
    if (((KolLogEntry *) g_ptr_array_index (kol_test_stock_log, i))->kind == kind)
      n++;
  return n;
}

/* The last log entry of @kind, or NULL. */
static inline const KolLogEntry *
kol_test_last_log (int kind)
{
  for (guint i = kol_test_stock_log ? kol_test_stock_log->len : 0; i > 0; i--)
    {
      const KolLogEntry *e = g_ptr_array_index (kol_test_stock_log, i - 1);

      if (e->kind == kind)
        return e;
    }
  return NULL;
}

/* A market row per string, cells separated by spaces, written like
 * 18xx.games' MARKET ("100p", "377e", "0c", "306u", "100z"); "-" is a gap. */
static inline void
kol_test_stock_set_market (KolTitle    *t,
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
          const char *code = cells[c];

          if (strcmp (code, "-") == 0)
            continue;
          cell->present = TRUE;
          cell->price = atoi (code);
          for (const char *f = code; *f; f++)
            switch (*f)
              {
              case 'p': cell->flags |= KOL_CELL_PAR; break;
              case 'e': cell->flags |= KOL_CELL_END; break;
              case 'c': cell->flags |= KOL_CELL_CLOSE; break;
              case 'u': cell->flags |= KOL_CELL_PHASE_ZONE; break;
              case 'z': cell->flags |= KOL_CELL_PAR_2; break;
              case 'x': cell->flags |= KOL_CELL_BLOCKED; break;
              default: break;
              }
        }
      t->market.row_len[r] = c;
      t->market.n_cols = MAX (t->market.n_cols, c);
      t->market.n_rows = r + 1;
    }
}

/* A title: one blank hex, @market, @corps, @companies; @cash each, a
 * certificate limit of @cert_limit. */
static inline KolTitle *
kol_test_stock_title (const char               **market,
                      const KolTestStockCorp    *corps,
                      const KolTestStockCompany *companies,
                      int                        n_players,
                      int                        cash,
                      int                        cert_limit)
{
  static const KolTestHex hexes[] = { { "A1", NULL, NULL }, { NULL } };
  KolTestCorp tcorps[KOL_MAX_CORPS + 1] = { { 0 } };
  KolTestTitleSpec spec = { 0 };
  KolTitle *t;
  int n = 0;

  while (corps[n].id)
    {
      tcorps[n].id = corps[n].id;
      tcorps[n].n_tokens = 1;
      tcorps[n].home_city = -1;
      n++;
    }
  spec.hexes = hexes;
  spec.corps = tcorps;
  t = kol_test_title_new (&spec);
  t->n_players = n_players;
  t->starting_cash = cash;
  t->cert_limit = cert_limit;
  t->bank = 100000;
  kol_test_stock_set_market (t, market);
  for (int c = 0; c < n; c++)
    {
      KolCorpDef *def = &t->corps[c];
      g_auto(GStrv) shares = g_strsplit (corps[c].shares, " ", -1);

      def->n_shares = 0;
      for (int i = 0; shares[i]; i++)
        if (shares[i][0])
          def->shares[def->n_shares++] = (guint8) atoi (shares[i]);
      def->float_percent = corps[c].float_percent;
      if (corps[c].type)
        {
          g_free (def->type);
          def->type = g_strdup (corps[c].type);
        }
    }
  if (companies)
    {
      guint m = 0;

      while (companies[m].id)
        m++;
      t->n_companies = m;
      t->companies = g_new0 (KolCompanyDef, MAX (m, 1));
      for (guint i = 0; i < m; i++)
        {
          t->companies[i].id = g_strdup (companies[i].id);
          t->companies[i].name.en = g_strdup (companies[i].id);
          t->companies[i].value = companies[i].value;
          t->companies[i].revenue = companies[i].revenue;
        }
    }
  return t;
}

/* Adds @status (space-separated) to phase @phase of @t. */
static inline void
kol_test_stock_phase_status (KolTitle   *t,
                             int         phase,
                             const char *status)
{
  g_auto(GStrv) words = g_strsplit (status, " ", -1);

  if (t->phases[phase].status == NULL)
    t->phases[phase].status = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; words[i]; i++)
    g_ptr_array_add (t->phases[phase].status, g_strdup (words[i]));
}

/* A game with players "P1", "P2", … on the test module. */
static inline KolEngine *
kol_test_stock_game (const KolTitle *t)
{
  const char *names[] = { "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8" };
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (t, t->n_players, NULL, names, 1, &error);

  g_assert_no_error (error);
  engine->module = &kol_test_stock_module;
  engine->log_func = kol_test_stock_log_func;
  return engine;
}

static inline KolEntity
kol_test_player (int i)
{
  return kol_entity (KOL_ENTITY_PLAYER, i);
}

static inline KolEntity
kol_test_corp_entity (KolEngine  *engine,
                      const char *id)
{
  return kol_entity (KOL_ENTITY_CORP, kol_test_corp (engine, id));
}

static inline int
kol_test_cert (KolEngine  *engine,
               const char *id)
{
  int cert = kol_engine_cert_by_id (engine, id);

  if (cert < 0)
    g_error ("no certificate %s", id);
  return cert;
}

/* Gives certificates (space-separated ids) to @to, in order, without rules. */
static inline void
kol_test_give (KolEngine  *engine,
               KolEntity   to,
               const char *ids)
{
  g_auto(GStrv) parts = g_strsplit (ids, " ", -1);

  for (int i = 0; parts[i]; i++)
    if (parts[i][0])
      kol_engine_move_cert (engine, kol_test_cert (engine, parts[i]), to);
}

/* "A_0 A_3" the certificates of @corp that @holder has, in holding order. */
static inline char *
kol_test_holding (KolEngine  *engine,
                  KolEntity   holder,
                  const char *corp)
{
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, holder, kol_test_corp (engine, corp), certs, KOL_MAX_CERTS);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      g_autofree char *id = kol_engine_cert_id (engine, certs[i]);

      g_string_append_printf (s, "%s%s", i ? " " : "", id);
    }
  return g_string_free (s, FALSE);
}

/* A bundle of certificate ids; percent 0 = their total. */
static inline KolBundle
kol_test_bundle (KolEngine  *engine,
                 const char *ids,
                 int         percent)
{
  g_auto(GStrv) parts = g_strsplit (ids, " ", -1);
  gint16 certs[KOL_BUNDLE_MAX_CERTS];
  int n = 0;
  KolBundle b;

  for (int i = 0; parts[i]; i++)
    if (parts[i][0])
      certs[n++] = (gint16) kol_test_cert (engine, parts[i]);
  g_assert_true (kol_bundle_init (engine, &b, certs, n, percent));
  return b;
}

/* Sets @corp's price to the cell with id "price,row,col" (set_par). */
static inline void
kol_test_par (KolEngine  *engine,
              const char *corp,
              int         row,
              int         col)
{
  kol_market_set_par (engine, kol_test_corp (engine, corp), kol_cell (row, col));
  engine->corps[kol_test_corp (engine, corp)].ipoed = TRUE;
}

/* ---- actions ---------------------------------------------------------- */

static inline gboolean
kol_test_apply (KolEngine  *engine,
                KolAction  *a,
                GError    **error)
{
  gboolean ok = kol_engine_apply (engine, a, FALSE, NULL, error);

  kol_action_free (a);
  return ok;
}

static inline gboolean
kol_test_buy (KolEngine   *engine,
              int          player,
              const char  *ids,
              GError     **error)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_SHARES, kol_test_player (player));
  g_auto(GStrv) parts = g_strsplit (ids, " ", -1);

  for (int i = 0; parts[i]; i++)
    if (parts[i][0])
      a->shares[a->n_shares++] = (gint16) kol_test_cert (engine, parts[i]);
  return kol_test_apply (engine, a, error);
}

static inline gboolean
kol_test_sell (KolEngine   *engine,
               int          player,
               const char  *ids,
               int          percent,
               GError     **error)
{
  KolAction *a = kol_action_new (KOL_ACTION_SELL_SHARES, kol_test_player (player));
  g_auto(GStrv) parts = g_strsplit (ids, " ", -1);

  for (int i = 0; parts[i]; i++)
    if (parts[i][0])
      a->shares[a->n_shares++] = (gint16) kol_test_cert (engine, parts[i]);
  a->percent = percent;
  return kol_test_apply (engine, a, error);
}

static inline gboolean
kol_test_par_action (KolEngine   *engine,
                     int          player,
                     const char  *corp,
                     int          row,
                     int          col,
                     GError     **error)
{
  KolAction *a = kol_action_new (KOL_ACTION_PAR, kol_test_player (player));

  a->corp = (gint16) kol_test_corp (engine, corp);
  a->cell_row = (gint16) row;
  a->cell_col = (gint16) col;
  return kol_test_apply (engine, a, error);
}

static inline gboolean
kol_test_pass (KolEngine  *engine,
               int         player,
               GError    **error)
{
  return kol_test_apply (engine, kol_action_new (KOL_ACTION_PASS, kol_test_player (player)), error);
}

static inline gboolean
kol_test_bid (KolEngine   *engine,
              int          player,
              const char  *company,
              int          price,
              GError     **error)
{
  KolAction *a = kol_action_new (KOL_ACTION_BID, kol_test_player (player));

  a->company = (gint16) kol_title_company_by_id (engine->title, company);
  a->price = price;
  return kol_test_apply (engine, a, error);
}

/* The player who acts now, -1 when none. */
static inline int
kol_test_acting (KolEngine *engine)
{
  KolEntity e[KOL_MAX_ROUND_ENTITIES];

  if (kol_engine_active_entities (engine, e, KOL_MAX_ROUND_ENTITIES) < 1 || e[0].kind != KOL_ENTITY_PLAYER)
    return -1;
  return e[0].index;
}

/* Starts a stock round with the BuySellParShares step. */
static inline void
kol_test_start_stock_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = { &kol_step_buy_sell_par_shares };

  kol_round_start (engine, &kol_round_stock, 0, 1, steps, NULL, 1);
  kol_round_setup (engine);
}
