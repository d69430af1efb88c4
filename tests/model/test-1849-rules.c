/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "kol-title-loader.h"
#include "kol-title-1849-private.h"

/*
 * 1849 Sicily: one scenario per rule, on the real title data,
 * each citing its section of the rulebook (../shared/seeds/002), or the
 * 18xx.games source it follows where the rulebook is silent or where
 * recorded games need it. Games are driven through the engine's interface
 * (kol_engine_apply); where a scenario needs a position that would take many
 * actions to reach, the test arranges the state directly and then plays the
 * rule through the interface.
 */

/* ------------------------------------------------------------- helpers */

static KolTitle *
load_opts (int                 players,
           const char * const *options)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "1849", NULL);
  g_autoptr(GError) error = NULL;
  const char *none[] = { NULL };
  KolTitle *title = kol_title_loader_load (dir, players, options ? options : none, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

static KolTitle *
load (int         players,
      const char *option)
{
  const char *options[] = { option, NULL };

  return load_opts (players, options);
}

static KolEngine *
game_new (const KolTitle *title,
          gint64          seed)
{
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, title->n_players, NULL, NULL, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (engine);
  return engine;
}

static int
corp (KolEngine  *engine,
      const char *id)
{
  int c = kol_title_corp_by_id (engine->title, id);

  g_assert_cmpint (c, >=, 0);
  return c;
}

static int
hex (KolEngine  *engine,
     const char *id)
{
  int h = kol_title_hex_by_id (engine->title, id);

  g_assert_cmpint (h, >=, 0);
  return h;
}

static int
company (KolEngine  *engine,
         const char *id)
{
  int c = kol_title_company_by_id (engine->title, id);

  g_assert_cmpint (c, >=, 0);
  return c;
}

static int
cert (KolEngine  *engine,
      const char *id)
{
  int c = kol_engine_cert_by_id (engine, id);

  g_assert_cmpint (c, >=, 0);
  return c;
}

static KolEntity
P (int i)
{
  return kol_entity (KOL_ENTITY_PLAYER, i);
}

static KolEntity
C (KolEngine  *engine,
   const char *id)
{
  return kol_entity (KOL_ENTITY_CORP, corp (engine, id));
}

static KolEntity
pool (void)
{
  return kol_entity (KOL_ENTITY_POOL, 0);
}

static gboolean
try_apply (KolEngine  *engine,
           KolAction  *a,
           GError    **error)
{
  gboolean ok = kol_engine_apply (engine, a, TRUE, NULL, error);

  kol_action_free (a);
  return ok;
}

static void
apply_ok (KolEngine *engine,
          KolAction *a)
{
  g_autoptr(GError) error = NULL;

  if (!try_apply (engine, a, &error))
    g_error ("refused: %s", error ? error->message : "?");
}

/* Refused, with @code (and @reason as the refusal's KOL_ARG_REASON, if not
 * KOL_REASON_NONE); the game is unchanged. */
static void
apply_refused (KolEngine      *engine,
               KolAction      *a,
               KolEngineError  code,
               int             reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolEngine) before = kol_engine_copy (engine);
  gboolean found = reason == KOL_REASON_NONE;

  g_assert_false (try_apply (engine, a, &error));
  g_assert_nonnull (error);
  g_test_message ("refused as expected: %s", error->message);
  g_assert_cmpint (error->code, ==, code);
  g_assert_cmpint (engine->refusal.code, ==, code);
  for (guint i = 0; i < engine->refusal.n_args; i++)
    if (engine->refusal.args[i].kind == KOL_ARG_REASON && engine->refusal.args[i].value == reason)
      found = TRUE;
  g_assert_true (found);
  engine->refusal = before->refusal;
  g_assert_true (memcmp (engine, before, sizeof *engine) == 0);
}

static KolEntity
cur (KolEngine *engine)
{
  KolEntity e[KOL_MAX_ROUND_ENTITIES];

  g_assert_cmpint (kol_engine_active_entities (engine, e, G_N_ELEMENTS (e)), >, 0);
  return e[0];
}

static KolAction *
act (KolActionType type,
     KolEntity     entity)
{
  return kol_action_new (type, entity);
}

static KolAction *
pass (KolEntity e)
{
  return act (KOL_ACTION_PASS, e);
}

static KolAction *
bid (KolEngine  *engine,
     int         player,
     const char *company_id,
     int         price)
{
  KolAction *a = act (KOL_ACTION_BID, P (player));

  a->company = (gint16) company (engine, company_id);
  a->price = price;
  return a;
}

static KolCell
par_cell (KolEngine *engine,
          int        price)
{
  KolCell cells[16];
  int n = kol_market_par_cells (engine, 0, cells, 16);

  for (int i = 0; i < n; i++)
    if (kol_market_cell_price (engine, cells[i]) == price)
      return cells[i];
  g_assert_not_reached ();
  return KOL_CELL_NONE;
}

static KolAction *
par (KolEngine  *engine,
     int         player,
     const char *corp_id,
     int         price)
{
  KolAction *a = act (KOL_ACTION_PAR, P (player));
  KolCell cell = par_cell (engine, price);

  a->corp = (gint16) corp (engine, corp_id);
  a->cell_row = cell.row;
  a->cell_col = cell.col;
  return a;
}

static KolAction *
shares_action (KolEngine     *engine,
               KolActionType  type,
               KolEntity      entity,
               const char    *ids,
               int            percent)
{
  KolAction *a = act (type, entity);
  g_auto(GStrv) list = g_strsplit (ids, ",", -1);
  int total = 0;

  for (int i = 0; list[i]; i++)
    {
      a->shares[a->n_shares++] = (gint16) cert (engine, list[i]);
      total += engine->certs[a->shares[a->n_shares - 1]].percent;
    }
  a->percent = percent > 0 ? percent : total;
  return a;
}

static KolAction *
buy (KolEngine  *engine,
     int         player,
     const char *ids)
{
  return shares_action (engine, KOL_ACTION_BUY_SHARES, P (player), ids, 0);
}

static KolAction *
sell (KolEngine  *engine,
      int         player,
      const char *ids,
      int         percent)
{
  return shares_action (engine, KOL_ACTION_SELL_SHARES, P (player), ids, percent);
}

static KolAction *
choose (KolEntity   e,
        const char *choice)
{
  KolAction *a = act (KOL_ACTION_CHOOSE, e);

  a->choice = g_strdup (choice);
  return a;
}

static int
price_of (KolEngine  *engine,
          const char *corp_id)
{
  return kol_market_corp_price (engine, corp (engine, corp_id));
}

static int
percent (KolEngine  *engine,
         KolEntity   holder,
         const char *corp_id)
{
  return kol_engine_percent_of (engine, holder, corp (engine, corp_id));
}

static gboolean
owns (KolEngine  *engine,
      KolEntity   holder,
      const char *cert_id)
{
  return kol_entity_equal (engine->certs[cert (engine, cert_id)].owner, holder);
}

static const char *
order_string (KolEngine *engine,
              char      *buf,
              gsize      size)
{
  buf[0] = '\0';
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      if (i > 0)
        g_strlcat (buf, " ", size);
      g_strlcat (buf, engine->title->corps[engine->corp_order[i]].id, size);
    }
  return buf;
}

/* The legal actions of everybody who may act now, as self-play sees them. */
static GPtrArray *
legal (KolEngine *engine)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  KolEntity e[KOL_MAX_ROUND_ENTITIES + KOL_MAX_COMPANIES];
  int n = kol_engine_active_entities (engine, e, KOL_MAX_ROUND_ENTITIES), base = n;

  /* and, as self-play, the president of an acting corporation (emergency
   * sales) and the companies of the acting entities (CNM) */
  for (int i = 0; i < base; i++)
    if (e[i].kind == KOL_ENTITY_CORP && engine->corps[e[i].index].owner.kind == KOL_ENTITY_PLAYER)
      {
        gboolean listed = FALSE;

        for (int k = 0; k < n && !listed; k++)
          listed = kol_entity_equal (e[k], engine->corps[e[i].index].owner);
        if (!listed)
          e[n++] = engine->corps[e[i].index].owner;
      }
  for (int i = 0; i < base; i++)
    for (int c = 0; c < engine->n_companies; c++)
      if (!engine->companies[c].closed && kol_entity_equal (engine->companies[c].owner, e[i]) &&
          (e[i].kind == KOL_ENTITY_CORP || e[i].kind == KOL_ENTITY_PLAYER))
        e[n++] = kol_entity (KOL_ENTITY_COMPANY, c);

  for (int k = 0; k < n; k++)
    for (int i = 0; i < engine->round.n_steps; i++)
      {
        KolStep *s = &engine->round.steps[i];

        if (!kol_step_active (engine, s))
          continue;
        if (s->klass->legal_actions && kol_step_actions (engine, s, e[k]))
          s->klass->legal_actions (engine, s, e[k], out);
        if (kol_step_blocking (engine, s))
          break;
      }
  return out;
}

static const char *
active_step_name (KolEngine *engine)
{
  KolStep *s = kol_engine_active_step (engine);

  return s ? s->klass->name : "";
}

/* An opening: the privates go at face value (P1 SCE, P2 SIGI, P3 CNM, P1
 * SMS, P2 RSA) and P2 pars RSA's corporation at @rsa_par; the game is
 * then in the first stock round. 3 players, seed 27939 (order SFA IFT ATA
 * CTL AFG, RCS removed). */
static KolEngine *
opening (const KolTitle *title,
         gint64          seed,
         int             rsa_par)
{
  KolEngine *engine = game_new (title, seed);

  apply_ok (engine, bid (engine, 0, "SCE", 20));
  apply_ok (engine, bid (engine, 1, "SIGI", 45));
  apply_ok (engine, bid (engine, 2, "CNM", 75));
  apply_ok (engine, bid (engine, 0, "SMS", 110));
  apply_ok (engine, bid (engine, 1, "RSA", 150));
  apply_ok (engine, par (engine, 1, engine->title->corps[engine->corp_order[0]].id, rsa_par));
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_STOCK);
  return engine;
}

/* Gives @cert to @holder (no money moves). */
static void
give (KolEngine  *engine,
      const char *cert_id,
      KolEntity   holder)
{
  kol_engine_move_cert (engine, cert (engine, cert_id), holder);
}

/* Starts @corp_id as if parred at @price by @player holding the
 * president's certificate (no money moves; the home token is placed). */
static void
start_corp (KolEngine  *engine,
            const char *corp_id,
            int         player,
            int         price)
{
  int c = corp (engine, corp_id);
  g_autofree char *pres = g_strdup_printf ("%s_0", corp_id);

  kol_market_set_par (engine, c, par_cell (engine, price));
  engine->corps[c].ipoed = TRUE;
  give (engine, pres, P (player));
  engine->corps[c].owner = P (player);
  engine->corps[c].floated = TRUE;
  if (engine->title->corps[c].home >= 0)
    {
      kol_board_place_token (engine, c, 0, engine->title->corps[c].home, 0, -1);
      engine->corps[c].tokens[0].used = TRUE;
    }
}

/* Moves @corp_id's price to the cell of @price in @row. */
static void
set_price (KolEngine  *engine,
           const char *corp_id,
           int         row,
           int         price)
{
  int c = corp (engine, corp_id);

  for (int col = 0; col < KOL_MAX_MARKET_COLS; col++)
    if (kol_market_cell_price (engine, kol_cell (row, col)) == price)
      {
        kol_market_move (engine, c, kol_cell (row, col));
        return;
      }
  g_assert_not_reached ();
}

/* Lays the first free copy of tile @tile_id on @hex_id (no rules). */
static void
lay (KolEngine  *engine,
     const char *hex_id,
     const char *tile_id,
     int         rotation)
{
  int tile = kol_title_tile_by_id (engine->title, tile_id);
  int copy;

  g_assert_cmpint (tile, >=, 0);
  copy = kol_board_free_copy (engine, tile);
  g_assert_cmpint (copy, >=, 0);
  kol_board_lay (engine, hex (engine, hex_id), copy, rotation);
}

static KolAction *
lay_action (KolEngine  *engine,
            const char *corp_id,
            const char *hex_id,
            const char *tile_id,
            int         rotation)
{
  KolAction *a = act (KOL_ACTION_LAY_TILE, C (engine, corp_id));
  int tile = kol_title_tile_by_id (engine->title, tile_id);

  g_assert_cmpint (tile, >=, 0);
  a->hex = (gint16) hex (engine, hex_id);
  a->tile_copy = (gint16) kol_board_free_copy (engine, tile);
  a->rotation = (guint8) rotation;
  return a;
}

static int
give_train (KolEngine  *engine,
            const char *train_id,
            const char *corp_id)
{
  int t = kol_engine_train_by_id (engine, train_id);

  g_assert_cmpint (t, >=, 0);
  kol_engine_move_train (engine, t, C (engine, corp_id));
  return t;
}

/* Takes the depot's trains before @train_id out of the game. */
static void
depot_from (KolEngine  *engine,
            const char *train_id)
{
  int t = kol_engine_train_by_id (engine, train_id);
  gint16 up[KOL_MAX_TRAINS];
  int n = kol_engine_depot_upcoming (engine, up, KOL_MAX_TRAINS);

  for (int i = 0; i < n && up[i] != t; i++)
    kol_engine_move_train (engine, up[i], kol_entity (KOL_ENTITY_REMOVED, 0));
}

/* Starts an operating round now (the corporations with a price operate). */
static void
start_or (KolEngine *engine)
{
  kol_1849_start_operating_round (engine, 1);
  kol_round_setup (engine);
}

/* Plays the current corporation's turn up to the step named @name: passes,
 * runs the best routes, withholds, declines SMS. */
static void
advance_to (KolEngine  *engine,
            const char *name)
{
  for (int guard = 0; guard < 40 && strcmp (active_step_name (engine), name) != 0; guard++)
    {
      g_autoptr(GPtrArray) actions = legal (engine);
      KolAction *pick = NULL;

      for (guint i = 0; i < actions->len && pick == NULL; i++)
        {
          KolAction *a = g_ptr_array_index (actions, i);

          if (a->type == KOL_ACTION_RUN_ROUTES ||
              (a->type == KOL_ACTION_DIVIDEND && g_strcmp0 (a->kind, "withhold") == 0) ||
              (a->type == KOL_ACTION_CHOOSE && g_strcmp0 (a->choice, "Pass") == 0))
            pick = a;
        }
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        if (((KolAction *) g_ptr_array_index (actions, i))->type == KOL_ACTION_PASS)
          pick = g_ptr_array_index (actions, i);
      if (pick == NULL)
        g_error ("advance_to %s: nothing to do in %s (%u actions, finished %d)", name,
                 active_step_name (engine), actions->len, engine->finished);
      apply_ok (engine, kol_action_copy (pick));
    }
  g_assert_cmpstr (active_step_name (engine), ==, name);
}

/* ----------------------------------------------------------- setup (§2) */

/* §2.2 and 18xx-games-format.md §4.2: the order is drawn with 18xx.games'
 * generator, one draw per corporation in file order; the last one leaves
 * with three players. The expected values are those of the recorded
 * games. */
static void
test_setup_order (void)
{
  g_autoptr(KolTitle) t3 = load (3, NULL);
  g_autoptr(KolTitle) t3d = load (3, KOL_1849_OPT_DELAY_IFT);
  g_autoptr(KolEngine) engine = game_new (t3, 27939);
  g_autoptr(KolEngine) d = game_new (t3d, 814263386);
  char buf[64];

  g_assert_cmpstr (order_string (engine, buf, sizeof buf), ==, "SFA IFT ATA CTL AFG");
  g_assert_true (engine->corps[corp (engine, "RCS")].removed);
  /* IFT was already fourth: the swap changes nothing */
  g_assert_cmpstr (order_string (d, buf, sizeof buf), ==, "RCS ATA SFA IFT AFG");
  g_assert_true (d->corps[corp (d, "CTL")].removed);
  /* only the first may be started; RSA brings its president's certificate */
  g_assert_true (kol_1849_corp (engine, corp (engine, "SFA"))->next_to_par);
  g_assert_false (kol_1849_corp (engine, corp (engine, "IFT"))->next_to_par);
  g_assert_cmpint (kol_1849_state (engine)->rsa_share_corp, ==, corp (engine, "SFA"));
}

/* §2.2 (the novice rule, the option delay_ift): IFT drawn among the first
 * three swaps with the fourth corporation. */
static void
test_setup_delay_ift (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolTitle) td = load (4, KOL_1849_OPT_DELAY_IFT);
  int checked = 0;

  for (gint64 seed = 1; seed < 200 && checked < 5; seed++)
    {
      g_autoptr(KolEngine) plain = game_new (t, seed);
      g_autoptr(KolEngine) delayed = game_new (td, seed);
      int ift = corp (plain, "IFT");
      int at = kol_1849_corp_list_index (plain, ift);

      if (at >= 3)
        {
          g_assert_cmpint (memcmp (plain->corp_order, delayed->corp_order, sizeof plain->corp_order), ==, 0);
          continue;
        }
      g_assert_cmpint (kol_1849_corp_list_index (delayed, ift), ==, 3);
      g_assert_cmpint (delayed->corp_order[at], ==, plain->corp_order[3]);
      checked++;
    }
  g_assert_cmpint (checked, ==, 5);
}

/* §2, §9.1, §10.6: starting cash, certificate limits and trains by player
 * count; five corporations at four players remove one and its home
 * reservation (§10.4: others may then token there), but never Garibaldi's
 * (it has none). */
static void
test_setup_counts (void)
{
  static const struct { int players; const char *option; int cash, limit, corps, t6, t8, t16; } cases[] = {
    { 3, NULL, 500, 12, 5, 3, 2, 4 },
    { 4, NULL, 375, 11, 6, 4, 3, 5 },
    { 4, KOL_1849_OPT_REDUCED, 375, 9, 5, 3, 2, 4 },
    { 5, NULL, 300, 9, 6, 4, 3, 5 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolTitle) t = load (cases[i].players, cases[i].option);
      g_autoptr(KolEngine) engine = game_new (t, 42 + (gint64) i);
      int count[KOL_MAX_TRAIN_DEFS] = { 0 };

      g_test_message ("%d players %s", cases[i].players, cases[i].option ? cases[i].option : "");
      for (int p = 0; p < engine->n_players; p++)
        {
          g_assert_cmpint (engine->players[p].cash, ==, cases[i].cash);
          g_assert_cmpint (kol_shares_cert_limit (engine, p), ==, cases[i].limit);
        }
      g_assert_cmpint (engine->bank, ==, 7760 - cases[i].players * cases[i].cash);
      g_assert_cmpint (engine->n_corp_order, ==, cases[i].corps);
      for (int k = 0; k < engine->n_trains; k++)
        count[engine->trains[k].def]++;
      g_assert_cmpint (count[kol_title_train_by_id (t, "6H")], ==, cases[i].t6);
      g_assert_cmpint (count[kol_title_train_by_id (t, "8H")], ==, cases[i].t8);
      g_assert_cmpint (count[kol_title_train_by_id (t, "16H")], ==, cases[i].t16);
      g_assert_cmpint (count[kol_title_train_by_id (t, "4H")], ==, 4);
      g_assert_cmpint (count[kol_title_train_by_id (t, "12H")], ==, 1);
      g_assert_cmpint (count[kol_title_train_by_id (t, "R6H")], ==, 2);
      g_assert_cmpint (kol_title_train_by_id (t, "E") >= 0 ? count[kol_title_train_by_id (t, "E")] : 0, ==, 0);
      if (cases[i].corps == 5)
        {
          int removed = -1;

          for (int c = 0; c < engine->n_corps; c++)
            if (engine->corps[c].removed)
              removed = c;
          g_assert_cmpint (removed, >=, 0);
          if (t->corps[removed].home >= 0)
            for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
              g_assert_cmpint (engine->hexes[t->corps[removed].home].slot_reserved[s], !=, removed);
        }
    }
}

/* §14.3: Electric Dreams needs the two other variants; E trains come with
 * it. */
static void
test_setup_electric (void)
{
  const char *all[] = { KOL_1849_OPT_BONDS, KOL_1849_OPT_BUY_TOKENS, KOL_1849_OPT_ELECTRIC, NULL };
  g_autoptr(KolTitle) t = load_opts (3, all);
  g_autoptr(KolEngine) engine = game_new (t, 5);
  g_autoptr(KolTitle) alone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "1849", NULL);
  const char *only[] = { KOL_1849_OPT_ELECTRIC, NULL };
  int e = 0;

  for (int k = 0; k < engine->n_trains; k++)
    e += engine->trains[k].def == kol_title_train_by_id (t, "E");
  g_assert_cmpint (e, ==, 6);
  alone = kol_title_loader_load (dir, 3, only, &error);
  if (alone)
    {
      g_autoptr(KolEngine) bad = kol_engine_new (alone, 3, NULL, NULL, 1, &error);

      g_assert_null (bad);
    }
  g_assert_nonnull (error);
}

/* -------------------------------------------- initial stock round (§8) */

/* §8, the example with four players: bids on SMS (115, 120) and CNM (80);
 * P4 buys SCE; P1 buys SIGI, which sells CNM to its only bidder and opens
 * the auction of SMS between P1 and P2 (P1, the lowest, must raise by L.5
 * or pass); afterwards P2 is next, and RSA is offered at L.150. */
static void
test_auction_example (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 1);

  apply_ok (engine, bid (engine, 0, "SMS", 115));
  apply_ok (engine, bid (engine, 1, "SMS", 120));
  apply_ok (engine, bid (engine, 2, "CNM", 80));
  apply_ok (engine, bid (engine, 3, "SCE", 20));
  g_assert_cmpint (engine->players[3].cash, ==, 355);
  apply_ok (engine, bid (engine, 0, "SIGI", 45));
  /* CNM to its only bidder at the bid */
  g_assert_true (kol_entity_equal (engine->companies[company (engine, "CNM")].owner, P (2)));
  g_assert_cmpint (engine->players[2].cash, ==, 375 - 80);
  /* the SMS auction: the lowest bidder acts */
  g_assert_true (kol_entity_equal (cur (engine), P (0)));
  apply_refused (engine, bid (engine, 0, "SMS", 120), KOL_ENGINE_ERROR_BID, KOL_REASON_NONE);
  apply_refused (engine, bid (engine, 0, "RSA", 150), KOL_ENGINE_ERROR_RULE, KOL_REASON_BID_AUCTION_ONLY);
  apply_ok (engine, bid (engine, 0, "SMS", 125));
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  apply_ok (engine, pass (P (1)));
  g_assert_true (kol_entity_equal (engine->companies[company (engine, "SMS")].owner, P (0)));
  g_assert_cmpint (engine->players[0].cash, ==, 375 - 45 - 125);
  /* the losing bid is returned */
  g_assert_cmpint (engine->players[1].cash, ==, 375);
  /* back to the normal sequence: P2, who may buy RSA at its price */
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  apply_refused (engine, bid (engine, 1, "RSA", 155), KOL_ENGINE_ERROR_RULE, KOL_REASON_BID_MUST_PAY_PRICE);
  apply_ok (engine, bid (engine, 1, "RSA", 150));
  /* RSA's owner pars the first corporation (§8.1) */
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_AUCTION);
}

/* §8: nobody buys P1 in a full round: its price drops by L.5 each time;
 * at 0 the next player gets it free. */
static void
test_auction_sce_drop (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 1);
  int sce = company (engine, "SCE");

  for (int i = 0; i < 3; i++)
    apply_ok (engine, pass (cur (engine)));
  g_assert_cmpint (kol_company_min_bid (engine, sce), ==, 15);
  apply_refused (engine, bid (engine, 0, "SCE", 20), KOL_ENGINE_ERROR_RULE, KOL_REASON_BID_MUST_PAY_PRICE);
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < 3; i++)
      apply_ok (engine, pass (cur (engine)));
  /* 15 → 10 → 5 → 0: given to the next player */
  g_assert_cmpint (engine->companies[sce].owner.kind, ==, KOL_ENTITY_PLAYER);
  g_assert_cmpint (engine->players[engine->companies[sce].owner.index].cash, ==, 500);
}

/* §8: when the round ends with a private (other than P1) unsold, the
 * owners of the sold ones collect their income and the round goes on. */
static void
test_auction_unsold_income (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 1);

  apply_ok (engine, bid (engine, 0, "SCE", 20));
  apply_ok (engine, pass (P (1)));
  apply_ok (engine, pass (P (2)));
  apply_ok (engine, pass (P (0)));
  g_assert_cmpint (engine->players[0].cash, ==, 485);
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_AUCTION);
}

/* §8.1: RSA's owner sets the price of the first corporation at L.68 or
 * L.100 (not 144 in Phase 4); the corporation gets the value of the
 * president's certificate less its token fee from the bank; its home
 * token is placed at the start of the stock round. §8.1, last paragraph:
 * the priority goes to the left of the last player who bought. */
static void
test_auction_rsa (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 27939);
  int sfa = corp (engine, "SFA");
  KolCell c144 = par_cell (engine, 144);
  KolAction *a;

  apply_ok (engine, bid (engine, 0, "SCE", 20));
  apply_ok (engine, bid (engine, 1, "SIGI", 45));
  apply_ok (engine, bid (engine, 2, "CNM", 75));
  apply_ok (engine, bid (engine, 0, "SMS", 110));
  apply_ok (engine, bid (engine, 1, "RSA", 150));
  a = par (engine, 1, "SFA", 68);
  a->cell_row = c144.row;
  a->cell_col = c144.col;
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_PAR_PRICE);
  apply_refused (engine, par (engine, 1, "IFT", 100), KOL_ENGINE_ERROR_RULE, KOL_REASON_PAR_NOT_ALLOWED);
  apply_ok (engine, par (engine, 1, "SFA", 68));
  g_assert_cmpint (engine->corps[sfa].cash, ==, 136 - 40);
  g_assert_true (owns (engine, P (1), "SFA_0"));
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_STOCK);
  g_assert_cmpint (engine->corps[sfa].tokens[0].hex, ==, hex (engine, "J6"));
  /* P2 bought RSA last: P3 has the priority */
  g_assert_cmpint (engine->player_order[0], ==, 2);
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
}

/* ----------------------------------------------------- stock rounds (§9) */

/* §9.4, the example: Lilibeo is next; Player A founds it at L.100 with
 * 40% (par and two more certificates in the same turn), the corporation
 * pays its L.40 token fee and places its home token in Marsala; a later
 * turn buys one more (L.460 in the treasury). */
static void
test_stock_founding_example (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int ctl = corp (engine, "CTL");

  /* make CTL the next corporation, as in the example */
  kol_1849_corp (engine, corp (engine, "IFT"))->next_to_par = FALSE;
  kol_1849_corp (engine, ctl)->next_to_par = TRUE;
  engine->players[2].cash = 552;
  engine->bank -= 552 - 425;
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_refused (engine, par (engine, 2, "IFT", 100), KOL_ENGINE_ERROR_RULE, K49_REASON_NOT_NEXT_CORP);
  apply_ok (engine, par (engine, 2, "CTL", 100));
  apply_ok (engine, buy (engine, 2, "CTL_1"));
  apply_ok (engine, buy (engine, 2, "CTL_2"));
  /* 40% is all the founder may take in that turn: the turn is over */
  g_assert_true (kol_entity_equal (cur (engine), P (0)));
  g_assert_cmpint (percent (engine, P (2), "CTL"), ==, 40);
  g_assert_cmpint (engine->corps[ctl].cash, ==, 400 - 40);
  g_assert_cmpint (engine->players[2].cash, ==, 152);
  g_assert_cmpint (engine->corps[ctl].tokens[0].hex, ==, hex (engine, "E1"));
  /* the corporation after it may be started now */
  g_assert_true (kol_1849_corp (engine, corp (engine, "AFG"))->next_to_par);
  apply_ok (engine, pass (P (0)));
  apply_ok (engine, pass (P (1)));
  apply_refused (engine, buy (engine, 2, "CTL_3,CTL_4"), KOL_ENGINE_ERROR_NO_CASH, KOL_REASON_NONE);
  apply_ok (engine, buy (engine, 2, "CTL_3"));
  g_assert_cmpint (engine->corps[ctl].cash, ==, 460);
}

/* §9.4: L.68 and L.100 from the start, L.144 from Phase 6, L.216 from
 * Phase 10; the founder needs twice the price. */
static void
test_stock_par_prices (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  KolParOption options[8];
  int n;

  n = kol_stock_par_options (engine, cur (engine), options, G_N_ELEMENTS (options));
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (options[0].corp, ==, corp (engine, "IFT"));
  g_assert_cmpint (options[0].n_cells, ==, 2);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "6H"));
  n = kol_stock_par_options (engine, cur (engine), options, G_N_ELEMENTS (options));
  g_assert_cmpint (options[0].n_cells, ==, 3);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "10H"));
  engine->players[cur (engine).index].cash = 432;
  engine->bank -= 432 - 500;
  n = kol_stock_par_options (engine, cur (engine), options, G_N_ELEMENTS (options));
  g_assert_cmpint (options[0].n_cells, ==, 4);
  engine->players[cur (engine).index].cash = 431;
  engine->bank += 1;
  n = kol_stock_par_options (engine, cur (engine), options, G_N_ELEMENTS (options));
  g_assert_cmpint (options[0].n_cells, ==, 3);
}

/* §9.2: no sale before the corporation has operated; a sale moves the
 * price down a row per 10%; no buying back what was sold this round;
 * sell then buy, not buy then sell (§9). */
static void
test_stock_selling (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int sfa = corp (engine, "SFA");

  give (engine, "SFA_1", P (2));
  give (engine, "SFA_2", P (2));
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_refused (engine, sell (engine, 2, "SFA_1", 0), KOL_ENGINE_ERROR_CANNOT_SELL, KOL_REASON_SELL_NOT_OPERATED);
  engine->corps[sfa].operated = 1;
  apply_ok (engine, sell (engine, 2, "SFA_1,SFA_2", 0));
  g_assert_cmpint (price_of (engine, "SFA"), ==, 87);   /* 100 → 95 → 87: down two rows */
  g_assert_cmpint (percent (engine, pool (), "SFA"), ==, 20);
  g_assert_cmpint (engine->players[2].cash, ==, 425 + 200);
  apply_refused (engine, buy (engine, 2, "SFA_1"), KOL_ENGINE_ERROR_SOLD_THIS_ROUND, KOL_REASON_NONE);
  apply_refused (engine, buy (engine, 2, "SFA_3"), KOL_ENGINE_ERROR_SOLD_THIS_ROUND, KOL_REASON_NONE);
  /* buy then sell: refused */
  apply_ok (engine, pass (P (2)));
  g_assert_true (kol_entity_equal (cur (engine), P (0)));
  give (engine, "SFA_4", P (0));
  apply_ok (engine, buy (engine, 0, "SFA_5"));
  /* the purchase ends the turn: nothing can be sold after it */
  apply_refused (engine, sell (engine, 0, "SFA_4", 0), KOL_ENGINE_ERROR_NOT_YOUR_TURN, KOL_REASON_NONE);
}

/* §9.1, §9.3: at most 60% of a corporation and no certificate over the
 * limit (privates count); over a limit, the player must sell first. */
static void
test_stock_limits (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  /* P3 holds 50% of SFA and buys the 60th percent, not the 70th */
  give (engine, "SFA_1", P (2));
  give (engine, "SFA_2", P (2));
  give (engine, "SFA_3", P (2));
  give (engine, "SFA_4", P (2));
  give (engine, "SFA_5", P (2));
  apply_ok (engine, buy (engine, 2, "SFA_6"));
  apply_ok (engine, pass (P (0)));
  apply_ok (engine, pass (P (1)));
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_refused (engine, buy (engine, 2, "SFA_7"), KOL_ENGINE_ERROR_HOLDING_LIMIT, KOL_REASON_NONE);
  /* certificate limit 12 (3 players; privates count): P3 (president of SFA
   * now) holds CNM, 5 certificates of SFA and 6 of IFT */
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("IFT_%d", i + 1);

      give (engine, id, P (2));
    }
  g_assert_cmpint (kol_shares_num_certs (engine, P (2)), ==, 12);
  start_corp (engine, "ATA", 0, 68);
  engine->corps[corp (engine, "SFA")].operated = 1;  /* P3 may still sell */
  apply_refused (engine, buy (engine, 2, "ATA_1"), KOL_ENGINE_ERROR_CERT_LIMIT, KOL_REASON_NONE);
}

/* §9.2: the pool may not hold more than 50%. */
static void
test_stock_pool_limit (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  engine->corps[corp (engine, "SFA")].operated = 1;
  give (engine, "SFA_1", pool ());
  give (engine, "SFA_2", pool ());
  give (engine, "SFA_3", pool ());
  give (engine, "SFA_4", pool ());
  give (engine, "SFA_5", P (2));
  give (engine, "SFA_6", P (2));
  apply_refused (engine, sell (engine, 2, "SFA_5,SFA_6", 0), KOL_ENGINE_ERROR_POOL_LIMIT, KOL_REASON_NONE);
  apply_ok (engine, sell (engine, 2, "SFA_5", 0));
  g_assert_cmpint (percent (engine, pool (), "SFA"), ==, 50);
}

/* §9.3, §9.6: the last certificate (20%) is bought only when no ordinary
 * certificate is left in the same place, at twice the share price. */
static void
test_stock_last_certificate (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int before;

  apply_refused (engine, buy (engine, 2, "SFA_7"), KOL_ENGINE_ERROR_RULE, K49_REASON_LAST_CERT);
  for (int i = 1; i <= 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("SFA_%d", i);

      give (engine, id, i % 2 ? P (0) : pool ());
    }
  /* one ordinary certificate in the pool does not matter for the treasury */
  before = engine->players[2].cash;
  apply_ok (engine, buy (engine, 2, "SFA_7"));
  g_assert_cmpint (engine->players[2].cash, ==, before - 200);
  g_assert_cmpint (percent (engine, P (2), "SFA"), ==, 20);
}

/* §9.5, example 1: two players hold 30%; B buys a fourth certificate and
 * becomes president: A gives the president's certificate for two 10%
 * certificates. */
static void
test_stock_president_example_1 (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  /* P2 (index 1) holds SFA_0 and SFA_1 (30%); P3 holds 30% in 10% certificates */
  give (engine, "SFA_1", P (1));
  give (engine, "SFA_2", P (2));
  give (engine, "SFA_3", P (2));
  give (engine, "SFA_4", P (2));
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_ok (engine, buy (engine, 2, "SFA_5"));
  g_assert_true (kol_entity_equal (engine->corps[corp (engine, "SFA")].owner, P (2)));
  g_assert_true (owns (engine, P (2), "SFA_0"));
  g_assert_cmpint (percent (engine, P (2), "SFA"), ==, 40);
  g_assert_cmpint (percent (engine, P (1), "SFA"), ==, 30);
  g_assert_cmpint (kol_1849_state (engine)->swap_choice_player, ==, -1);
}

/* §9.5, example 2: A holds the president's certificate and one 10%, B the
 * last certificate and one 10%; A sells the 10%: A swaps the president's
 * certificate for B's last certificate. */
static void
test_stock_president_example_2 (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  engine->corps[corp (engine, "SFA")].operated = 1;
  give (engine, "SFA_1", P (1));
  give (engine, "SFA_7", P (2));
  give (engine, "SFA_2", P (2));
  /* let P2 act */
  apply_ok (engine, pass (P (2)));
  apply_ok (engine, pass (P (0)));
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  apply_ok (engine, sell (engine, 1, "SFA_1", 0));
  g_assert_true (kol_entity_equal (engine->corps[corp (engine, "SFA")].owner, P (2)));
  g_assert_true (owns (engine, P (2), "SFA_0"));
  g_assert_true (owns (engine, P (1), "SFA_7"));
  g_assert_true (owns (engine, P (2), "SFA_2"));
  g_assert_cmpint (kol_1849_state (engine)->swap_choice_player, ==, -1);
}

/* §9.5, example 3: both hold 40% (A: president's and two 10%; B: last
 * certificate and two 10%); A sells a 10%: A takes the last certificate
 * by default and may choose two 10% certificates instead (SwapChoice). */
static void
test_stock_president_example_3 (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  g_autoptr(KolEngine) other = NULL;
  int sfa = corp (engine, "SFA");

  engine->corps[sfa].operated = 1;
  give (engine, "SFA_1", P (1));
  give (engine, "SFA_2", P (1));
  give (engine, "SFA_7", P (2));
  give (engine, "SFA_3", P (2));
  give (engine, "SFA_4", P (2));
  apply_ok (engine, pass (P (2)));
  apply_ok (engine, pass (P (0)));
  apply_ok (engine, sell (engine, 1, "SFA_1", 0));
  g_assert_true (kol_entity_equal (engine->corps[sfa].owner, P (2)));
  g_assert_true (owns (engine, P (1), "SFA_7"));
  g_assert_cmpint (kol_1849_state (engine)->swap_choice_player, ==, 1);
  /* the outgoing president chooses now */
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  g_assert_cmpstr (active_step_name (engine), ==, "Presidency Swap Choice");
  apply_refused (engine, choose (P (1), "Three 10% certs"), KOL_ENGINE_ERROR_RULE, KOL_REASON_CHOICE);
  other = kol_engine_copy (engine);
  apply_ok (engine, choose (P (1), "One 20% cert"));
  g_assert_true (owns (engine, P (1), "SFA_7"));
  apply_ok (other, choose (P (1), "Two 10% certs"));
  g_assert_true (owns (other, P (2), "SFA_7"));
  g_assert_cmpint (percent (other, P (1), "SFA"), ==, 30);
  g_assert_cmpint (percent (other, P (2), "SFA"), ==, 40);
  g_assert_cmpint (kol_engine_certs_of (other, P (1), sfa, (gint16[8]) { 0 }, 8), ==, 3);
}

/* §9.5: the presidency can only be given up to a holder of two shares;
 * the president's certificate never goes to the pool. */
static void
test_stock_president_dump (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  engine->corps[corp (engine, "SFA")].operated = 1;
  give (engine, "SFA_1", P (2));
  apply_ok (engine, pass (P (2)));
  apply_ok (engine, pass (P (0)));
  apply_refused (engine, sell (engine, 1, "SFA_0", 10), KOL_ENGINE_ERROR_CANNOT_SELL, KOL_REASON_NONE);
  give (engine, "SFA_2", P (2));
  apply_ok (engine, sell (engine, 1, "SFA_0", 20));
  g_assert_true (kol_entity_equal (engine->corps[corp (engine, "SFA")].owner, P (2)));
  g_assert_true (owns (engine, P (2), "SFA_0"));
  g_assert_cmpint (percent (engine, pool (), "SFA"), ==, 20);
}

/* §9.7: at the end of a stock round, a corporation with shares in the pool
 * moves down a row; a sold-out one up a row, except at L.230 before Phase
 * 16 (§5: the blue zone is the edge of the market until then); if nobody
 * bought or sold, the priority deal does not move. */
static void
test_stock_round_end (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);

  /* SFA (100) with a share in the pool */
  give (engine, "SFA_1", pool ());
  /* IFT sold out at 230 */
  start_corp (engine, "IFT", 0, 100);
  for (int i = 1; i <= 7; i++)
    {
      g_autofree char *id = g_strdup_printf ("IFT_%d", i);

      give (engine, id, P (i % 3));
    }
  set_price (engine, "IFT", 3, 230);
  /* CTL sold out at 100 */
  start_corp (engine, "CTL", 2, 100);
  for (int i = 1; i <= 7; i++)
    {
      g_autofree char *id = g_strdup_printf ("CTL_%d", i);

      give (engine, id, P ((i + 1) % 3));
    }
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_ok (engine, pass (P (2)));
  apply_ok (engine, pass (P (0)));
  apply_ok (engine, pass (P (1)));
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_OPERATING);
  g_assert_cmpint (price_of (engine, "SFA"), ==, 95);
  g_assert_cmpint (price_of (engine, "CTL"), ==, 105);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 230);
  g_assert_cmpint (engine->player_order[0], ==, 2);
}

/* §5, §10.5.3: before Phase 16 a right move from L.218, 240 or 276 goes up
 * instead, and L.230 does not move up; from Phase 16 the blue zone opens.
 * L.377 ends the game after the corporation operates (§13). */
static void
test_market_blue_zone (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 27939);
  int ift = corp (engine, "IFT");

  start_corp (engine, "IFT", 0, 100);
  set_price (engine, "IFT", 2, 218);
  kol_market_move_right (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 240);
  kol_market_move_right (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 276);
  kol_market_move_right (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 276);   /* top row: stays */
  set_price (engine, "IFT", 3, 230);
  kol_market_move_up (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 230);
  kol_market_move_right (engine, ift);                 /* the end of the row: up, blocked */
  g_assert_cmpint (price_of (engine, "IFT"), ==, 230);

  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "16H"));
  kol_market_move_up (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 242);
  set_price (engine, "IFT", 2, 218);
  kol_market_move_right (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 242);
  set_price (engine, "IFT", 0, 340);
  g_assert_false (kol_1849_state (engine)->max_reached);
  kol_market_move_right (engine, ift);
  g_assert_cmpint (price_of (engine, "IFT"), ==, 377);
  g_assert_true (kol_1849_state (engine)->max_reached);
  g_assert_true (kol_1849_corp (engine, ift)->reached_max);
}

/* §9.4.1: Garibaldi's president chooses its home among Caltanissetta,
 * Messina, Ragusa, Terranova and Trapani, right after the par. */
static void
test_stock_garibaldi_home (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int afg = corp (engine, "AFG");
  KolTokenTarget targets[8];
  KolAction *a;

  kol_1849_corp (engine, corp (engine, "IFT"))->next_to_par = FALSE;
  kol_1849_corp (engine, afg)->next_to_par = TRUE;
  apply_ok (engine, par (engine, 2, "AFG", 68));
  g_assert_cmpstr (active_step_name (engine), ==, "Place Home Token");
  g_assert_true (kol_entity_equal (cur (engine), C (engine, "AFG")));
  g_assert_cmpint (kol_home_token_targets (engine, targets, G_N_ELEMENTS (targets)), ==, 5);
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "AFG"));
  a->hex = (gint16) hex (engine, "J6");
  a->city = 0;
  apply_refused (engine, a, KOL_ENGINE_ERROR_TOKEN, KOL_REASON_TOKEN_NOT_REACHABLE);
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "AFG"));
  a->hex = (gint16) hex (engine, "M9");
  a->city = 0;
  apply_ok (engine, a);
  g_assert_cmpint (engine->corps[afg].tokens[0].hex, ==, hex (engine, "M9"));
  /* back to the founder, who may buy two more certificates */
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  apply_ok (engine, buy (engine, 2, "AFG_1"));
}

/* §9.4.1: when no home of Garibaldi has room, it cannot be started and
 * moves to the end of the order (here after a token fills Terranova's last
 * slot); it comes back when a home gets room again, from the next stock
 * round. */
static void
test_stock_garibaldi_deferred (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int afg = corp (engine, "AFG"), sfa = corp (engine, "SFA"), atа = corp (engine, "ATA"), ctl = corp (engine, "CTL"),
      rcs = corp (engine, "RCS"), ift = corp (engine, "IFT");
  char buf[64];
  KolAction *a;

  /* order: AFG next after IFT */
  engine->corp_order[0] = (gint16) ift;
  engine->corp_order[1] = (gint16) afg;
  engine->corp_order[2] = (gint16) sfa;
  engine->corp_order[3] = (gint16) atа;
  engine->corp_order[4] = (gint16) ctl;
  engine->corp_order[5] = (gint16) rcs;
  for (int c = 0; c < engine->n_corps; c++)
    kol_1849_corp (engine, c)->next_to_par = FALSE;
  kol_1849_corp (engine, afg)->next_to_par = TRUE;
  start_corp (engine, "IFT", 0, 100);
  start_corp (engine, "RCS", 1, 100);
  start_corp (engine, "CTL", 2, 100);
  give (engine, "SFA_0", P (3));
  /* tokens fill Trapani, Caltanissetta, Ragusa, Messina and one slot of
   * Terranova */
  kol_board_place_token (engine, ctl, 1, hex (engine, "C1"), 0, -1);
  kol_board_place_token (engine, rcs, 1, hex (engine, "H8"), 0, -1);
  kol_board_place_token (engine, ift, 1, hex (engine, "M11"), 0, -1);
  kol_board_place_token (engine, rcs, 2, hex (engine, "B14"), 0, -1);
  kol_board_place_token (engine, ctl, 2, hex (engine, "M9"), 0, -1);
  g_assert_cmpint (kol_1849_home_token_locations (engine, afg, (gint16[8]) { 0 }, 8), ==, 1);
  /* IFT closes SMS and tokens Terranova's last slot */
  kol_engine_move_company (engine, company (engine, "SMS"), C (engine, "IFT"));
  start_or (engine);
  g_assert_true (kol_entity_equal (cur (engine), C (engine, "IFT")));
  apply_ok (engine, choose (C (engine, "IFT"), "Close SMS"));
  apply_ok (engine, pass (C (engine, "IFT")));   /* no tile */
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "IFT"));
  a->hex = (gint16) hex (engine, "C1");
  a->city = 0;
  apply_refused (engine, a, KOL_ENGINE_ERROR_TOKEN, KOL_REASON_NONE);
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "IFT"));
  a->hex = (gint16) hex (engine, "M9");
  a->city = 0;
  apply_ok (engine, a);
  g_assert_true (kol_board_hex_tokened_by (engine, hex (engine, "M9"), ift));
  g_assert_true (kol_1849_corp (engine, afg)->slot_closed);
  g_assert_false (kol_1849_corp (engine, afg)->next_to_par);
  g_assert_true (kol_1849_corp (engine, sfa)->next_to_par);
  g_assert_cmpstr (order_string (engine, buf, sizeof buf), ==, "IFT SFA ATA CTL RCS AFG");
  /* Caltanissetta upgraded to two slots: Garibaldi may start in the next
   * stock round */
  kol_board_lay (engine, hex (engine, "H8"), kol_board_free_copy (engine, kol_title_tile_by_id (t, "644")), 0);
  kol_1849_update_garibaldi (engine);
  g_assert_true (kol_1849_corp (engine, afg)->slot_closed);
  kol_board_lay (engine, hex (engine, "H8"), kol_board_free_copy (engine, kol_title_tile_by_id (t, "660")), 0);
  kol_1849_update_garibaldi (engine);
  g_assert_false (kol_1849_corp (engine, afg)->slot_closed);
  g_assert_true (kol_1849_corp (engine, afg)->closed_recently);
}

/* ---------------------------------------------------- operating rounds (§10) */

/* §10: corporations operate by market value: higher price first, then
 * further right, then higher on the stack; privates pay their owners at
 * the start of each operating round (§7.1). */
static void
test_operating_order (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  KolEntity order[KOL_MAX_CORPS];
  int cash[3];

  start_corp (engine, "IFT", 0, 100);
  start_corp (engine, "ATA", 2, 68);
  set_price (engine, "ATA", 2, 105);
  start_corp (engine, "CTL", 2, 100);   /* under SFA and IFT on 100 */
  for (int p = 0; p < 3; p++)
    cash[p] = engine->players[p].cash;
  start_or (engine);
  g_assert_cmpint (engine->round.n_entities, ==, 4);
  memcpy (order, engine->round.entities, sizeof order[0] * 4);
  g_assert_cmpint (order[0].index, ==, corp (engine, "ATA"));
  g_assert_cmpint (order[1].index, ==, corp (engine, "SFA"));
  g_assert_cmpint (order[2].index, ==, corp (engine, "IFT"));
  g_assert_cmpint (order[3].index, ==, corp (engine, "CTL"));
  /* SCE 5 + SMS 20 to P1, SIGI 10 + RSA 25 to P2, CNM 15 to P3 */
  g_assert_cmpint (engine->players[0].cash - cash[0], ==, 25);
  g_assert_cmpint (engine->players[1].cash - cash[1], ==, 35);
  g_assert_cmpint (engine->players[2].cash - cash[2], ==, 15);
}

/* §10.3.1: terrain is paid on every lay and upgrade: in full when the tile
 * adds standard or dual gauge, a quarter for narrow gauge only; SIGI halves
 * standard gauge. The cases include
 * the rulebook's: a yellow standard town upgraded to a green mixed town
 * pays the narrow rate, a mixed city to a mixed city the full one, brown
 * dual tiles always the full one. */
static void
test_operating_terrain_costs (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int sfa = corp (engine, "SFA");
  KolEntity e = C (engine, "SFA");
  static const struct { const char *hex, *old, *tile; int cost, sigi; } cases[] = {
    { "H6", NULL, "8", 40, 20 },      /* rough, standard */
    { "H6", NULL, "78", 10, 10 },     /* rough, narrow */
    { "E3", NULL, "78", 20, 20 },     /* hills, narrow */
    { "D2", NULL, "9", 160, 80 },     /* mountains, standard */
    { "D2", NULL, "79", 40, 40 },     /* mountains, narrow */
    { "H8", NULL, "644", 80, 40 },    /* hills, a city with both gauges */
    { "H8", "644", "660", 80, 40 },   /* mixed city to mixed city: some new standard track */
    { "H4", "4", "680", 20, 20 },     /* standard town to mixed town: only narrow is new */
    { "H8", "660", "672", 80, 80 },   /* brown dual: full */
    { "J6", NULL, "645", 40, 20 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int sigi = 0; sigi < 2; sigi++)
      {
        g_autoptr(KolEngine) w = kol_engine_copy (engine);
        int h = hex (w, cases[i].hex), old_tile;

        if (sigi)
          kol_engine_move_company (w, company (w, "SIGI"), e);
        if (cases[i].old)
          lay (w, cases[i].hex, cases[i].old, 0);
        old_tile = w->hexes[h].tile;
        lay (w, cases[i].hex, cases[i].tile, 0);
        g_test_message ("%s %s → %s sigi %d", cases[i].hex, cases[i].old ? cases[i].old : "-", cases[i].tile, sigi);
        g_assert_cmpint (kol_1849_upgrade_cost (w, e, sfa, h, old_tile, w->hexes[h].tile), ==,
                         sigi ? cases[i].sigi : cases[i].cost);
      }
}

/* §10.3: the first lay from a home may face any way; afterwards new track
 * must meet the gauge of the track it joins (dual meets both). A lay in
 * SFA's home (tokened) may face any way. */
static void
test_operating_gauge (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  int sfa = corp (engine, "SFA");
  KolReach reach;
  int narrow_side, broad_side;
  guint8 rot_broad, rot_narrow;

  /* a mixed yellow city on SFA's home J6: narrow towards I5, standard
   * towards I7 */
  lay (engine, "J6", "645", 2);
  kol_board_compute_reach (engine, sfa, NULL, &reach);
  narrow_side = kol_board_neighbor (engine, hex (engine, "J6"), 2);
  broad_side = kol_board_neighbor (engine, hex (engine, "J6"), 4);
  g_assert_cmpint (narrow_side, ==, hex (engine, "I5"));
  g_assert_cmpint (broad_side, ==, hex (engine, "I7"));
  /* standard track meeting the narrow end is refused, narrow accepted */
  rot_broad = kol_board_legal_rotations (engine, sfa, narrow_side, kol_title_tile_by_id (t, "9"), &reach);
  rot_narrow = kol_board_legal_rotations (engine, sfa, narrow_side, kol_title_tile_by_id (t, "79"), &reach);
  g_assert_cmpint (rot_broad, ==, 0);
  g_assert_cmpint (rot_narrow, !=, 0);
  /* and the other way round at the standard end (towns) */
  rot_broad = kol_board_legal_rotations (engine, sfa, broad_side, kol_title_tile_by_id (t, "4"), &reach);
  rot_narrow = kol_board_legal_rotations (engine, sfa, broad_side, kol_title_tile_by_id (t, "74"), &reach);
  g_assert_cmpint (rot_broad, !=, 0);
  g_assert_cmpint (rot_narrow, ==, 0);
  /* the lay is refused with the gauge as the reason */
  {
    KolReason why = KOL_REASON_NONE;

    for (int r = 0; r < 6; r++)
      if (!kol_board_check_lay (engine, sfa, narrow_side, kol_title_tile_by_id (t, "9"), r, &reach, &why) &&
          why == KOL_REASON_TILE_GAUGE)
        break;
    g_assert_cmpint (why, ==, KOL_REASON_TILE_GAUGE);
  }
}

/* §7.1 P1: no corporation builds in Acireale while a player owns SCE. */
static void
test_operating_sce_blocks (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = opening (t, 27939, 100);
  const KolBoardHooks *h = engine->module->board_hooks;
  int sfa = corp (engine, "SFA"), g13 = hex (engine, "G13");

  g_assert_true (h->hex_blocked (engine, sfa, g13));
  kol_engine_move_company (engine, company (engine, "SCE"), C (engine, "SFA"));
  g_assert_false (h->hex_blocked (engine, sfa, g13));
  kol_engine_close_company (engine, company (engine, "SCE"));
  g_assert_false (h->hex_blocked (engine, sfa, g13));
}

/* The route of @stops (hex id, node index) for the @t-th train of @corp_id,
 * each connection through the hexes of @chains ("C5 B4 D4", one string per
 * connection, NULL to let the validator find it): its revenue, or -1 with
 * the refusal's reason in *reason. */
static int
route (KolEngine          *engine,
       const char         *corp_id,
       int                 t,
       const char * const *stops,
       const char * const *chains,
       int                *distance,
       KolReason          *reason)
{
  const KolRouteHooks *hooks = engine->module->route_hooks;
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  KolRouteNode nodes[8];
  KolRouteConnection conns[8];
  gint16 hexes[8][8];
  KolRouteDraft draft = { 0 };
  KolRefusal refusal = { 0 };
  KolRoute resolved = { 0 };
  g_autoptr(GError) error = NULL;
  int n = 0, revenue;

  kol_route_rules_init (&rules);
  g_assert_cmpint (hooks->prepare (engine, corp (engine, corp_id), &rules, trains, KOL_ROUTE_MAX_TRAINS), >, t);
  for (; stops[n]; n++)
    {
      g_auto(GStrv) part = g_strsplit (stops[n], ":", 2);

      nodes[n].hex = (gint16) hex (engine, part[0]);
      nodes[n].node = (gint8) (part[1] ? atoi (part[1]) : 0);
    }
  draft.n_nodes = n;
  draft.nodes = nodes;
  if (chains)
    {
      for (int c = 0; c + 1 < n; c++)
        {
          g_auto(GStrv) ids = g_strsplit (chains[c], " ", -1);

          conns[c].n_paths = 0;
          conns[c].paths = NULL;
          conns[c].n_hexes = (int) g_strv_length (ids);
          for (int k = 0; ids[k]; k++)
            hexes[c][k] = (gint16) hex (engine, ids[k]);
          conns[c].hexes = hexes[c];
        }
      draft.connections = conns;
    }
  revenue = kol_route_check (engine, corp (engine, corp_id), &rules, &trains[t], &draft, NULL, 0, &resolved, &refusal, &error);
  if (reason)
    *reason = refusal.n_args > 0 && refusal.args[0].kind == KOL_ARG_REASON ? refusal.args[0].value : KOL_REASON_NONE;
  if (revenue < 0)
    g_test_message ("route refused: %s", error ? error->message : "?");
  if (distance)
    *distance = resolved.distance;
  kol_route_clear (&resolved);
  return revenue;
}

/* §10.5.1 and its examples: a normal train counts standard gauge 1 per hex
 * edge and narrow 2, the R6H the reverse; a connection of dual gauge only
 * counts 1 for every train (Trapani–Marsala); Messina–Calabria counts 3;
 * the gauge changes only in a town or a city; ports do not count as one of
 * the two stops a route needs; E trains never use narrow gauge and double
 * the four big cities (§14.3); CNM's marker adds L.20 (§7.1 P3); the grey
 * cities pay by phase (§10.5.2). */
static void
test_operating_routes (void)
{
  const char *all[] = { KOL_1849_OPT_BONDS, KOL_1849_OPT_BUY_TOKENS, KOL_1849_OPT_ELECTRIC, NULL };
  g_autoptr(KolTitle) t = load_opts (4, all);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  const char *standard[] = { "C5", "D4", NULL }, *via_b4[] = { "C5 B4 D4" }, *direct[] = { "C5 D4" };
  const char *port_only[] = { "A5", "C5", NULL }, *port_route[] = { "A5", "C5", "D4", NULL };
  const char *port_chains[] = { "A5 C5", "C5 B4 D4" };
  const char *trapani[] = { "E1", "C1", NULL }, *calabria[] = { "B14", "C15", NULL };
  int d = 0;
  KolReason why;

  start_corp (engine, "RCS", 0, 100);                     /* Palermo, C5 */
  start_corp (engine, "CTL", 1, 100);                     /* Marsala, E1 */
  start_corp (engine, "AFG", 2, 100);
  kol_board_place_token (engine, corp (engine, "AFG"), 0, hex (engine, "B14"), 0, -1);
  lay (engine, "C5", "651", 5);       /* Palermo: standard to B4, narrow to D4 */
  lay (engine, "B4", "7", 5);
  lay (engine, "D4", "681", 2);       /* Partinico: standard from B4, narrow from C5 */
  lay (engine, "B14", "655", 0);      /* Messina, towards the double hex */
  give_train (engine, "4H-0", "RCS");
  give_train (engine, "R6H-0", "RCS");
  give_train (engine, "E-0", "RCS");
  give_train (engine, "4H-1", "CTL");
  give_train (engine, "R6H-1", "CTL");
  give_train (engine, "4H-2", "AFG");
  give_train (engine, "E-1", "AFG");

  /* Palermo–Partinico: standard 2 hexes for a normal train, 4 for an R6H;
   * narrow 2 for a normal train, 1 for an R6H (§10.5.1) */
  g_assert_cmpint (route (engine, "RCS", 0, standard, via_b4, &d, NULL), ==, 100);
  g_assert_cmpint (d, ==, 2);
  g_assert_cmpint (route (engine, "RCS", 1, standard, via_b4, &d, NULL), ==, 100);
  g_assert_cmpint (d, ==, 4);
  g_assert_cmpint (route (engine, "RCS", 0, standard, direct, &d, NULL), ==, 100);
  g_assert_cmpint (d, ==, 2);
  g_assert_cmpint (route (engine, "RCS", 1, standard, direct, &d, NULL), ==, 100);
  g_assert_cmpint (d, ==, 1);
  /* E trains: standard only, Palermo doubled (§14.3) */
  g_assert_cmpint (route (engine, "RCS", 2, standard, via_b4, NULL, NULL), ==, 190);
  g_assert_cmpint (route (engine, "RCS", 2, standard, direct, NULL, &why), ==, -1);
  /* a port is not one of the two stops (§10.5.1) */
  g_assert_cmpint (route (engine, "RCS", 0, port_only, NULL, NULL, &why), ==, -1);
  g_assert_cmpint (why, ==, KOL_REASON_ROUTE_PORT);
  g_assert_cmpint (route (engine, "RCS", 0, port_route, port_chains, NULL, NULL), ==, 110);
  /* CNM's marker on that port, for its corporation (§7.1 P3) */
  kol_1849_state (engine)->cnm_hex = (gint16) hex (engine, "A5");
  g_assert_cmpint (route (engine, "RCS", 0, port_route, port_chains, NULL, NULL), ==, 110);
  kol_1849_corp (engine, corp (engine, "RCS"))->cnm = TRUE;
  g_assert_cmpint (route (engine, "RCS", 0, port_route, port_chains, NULL, NULL), ==, 130);
  /* Messina–Calabria counts 3 (§10.5.1) */
  g_assert_cmpint (route (engine, "AFG", 0, calabria, NULL, &d, NULL), ==, 60);
  g_assert_cmpint (d, ==, 3);
  g_assert_cmpint (route (engine, "AFG", 1, calabria, NULL, NULL, NULL), ==, 110);
  /* Trapani–Marsala: dual only, 1 hex for both trains; 20 each in Phase 4,
   * 30 in Phase 8, 40 in Phase 12 (§10.5.2) */
  g_assert_cmpint (route (engine, "CTL", 0, trapani, NULL, &d, NULL), ==, 40);
  g_assert_cmpint (d, ==, 1);
  g_assert_cmpint (route (engine, "CTL", 1, trapani, NULL, &d, NULL), ==, 40);
  g_assert_cmpint (d, ==, 1);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "8H"));
  g_assert_cmpint (route (engine, "CTL", 0, trapani, NULL, NULL, NULL), ==, 60);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "12H"));
  g_assert_cmpint (route (engine, "CTL", 0, trapani, NULL, NULL, NULL), ==, 80);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "4H"));
  /* the gauge changes only at a stop: narrow track on B4 between Palermo's
   * and Partinico's standard ends */
  lay (engine, "B4", "77", 5);
  g_assert_cmpint (route (engine, "RCS", 0, standard, via_b4, NULL, &why), ==, -1);
}

/* §10.5.1 «путь по совмещенной колее считается той же колеей, с которой на
 * нее входит маршрут поезда»: dual gauge counts as the gauge the route
 * entered it on, across stops. The issue's example: a 4H of SFA runs
 * Girgenti J6 (672) – Canicatti I7 (696) – Caltanissetta H8 (673) –
 * Castrogiovanni G9 (681), dual gauge but for the narrow gauge into G9: the
 * whole route is narrow, distance 6, too long for a 4H, whose best run is
 * then L.100. 18xx.games prices each stretch between stops on its own
 * (distance 4, L.110), for imported games (compat). */
static void
test_operating_dual_gauge (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) rulebook = load (4, NULL);
  g_autoptr(KolTitle) compat = load_opts (4, compat_opts);
  const KolTitle *titles[] = { rulebook, compat };
  const char *run[] = { "J6", "I7", "H8", "G9", NULL };

  for (int k = 0; k < 2; k++)
    {
      g_autoptr(KolEngine) engine = game_new (titles[k], 3);
      const KolRouteHooks *hooks = engine->module->route_hooks;
      g_autoptr(KolRouteResult) best = NULL;
      g_autoptr(GError) error = NULL;
      KolRouteRules rules;
      KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
      int d = 0;
      KolReason why = KOL_REASON_NONE;

      start_corp (engine, "SFA", 0, 100);                 /* Girgenti, J6 */
      lay (engine, "J6", "672", 0);
      lay (engine, "I7", "696", 0);
      lay (engine, "H8", "673", 1);
      lay (engine, "G9", "681", 1);
      give_train (engine, "4H-0", "SFA");
      give_train (engine, "6H-0", "SFA");
      if (k == 0)
        {
          g_assert_cmpint (route (engine, "SFA", 0, run, NULL, NULL, &why), ==, -1);
          g_assert_cmpint (why, ==, KOL_REASON_ROUTE_TOO_LONG);
          g_assert_cmpint (route (engine, "SFA", 1, run, NULL, &d, NULL), ==, 110);
          g_assert_cmpint (d, ==, 6);
        }
      else
        {
          g_assert_cmpint (route (engine, "SFA", 0, run, NULL, &d, NULL), ==, 110);
          g_assert_cmpint (d, ==, 4);
        }
      /* the router agrees: the 4H alone */
      kol_route_rules_init (&rules);
      g_assert_cmpint (hooks->prepare (engine, corp (engine, "SFA"), &rules, trains, KOL_ROUTE_MAX_TRAINS), ==, 2);
      best = kol_route_solve (engine, corp (engine, "SFA"), &rules, trains, 1, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (best->proven);
      g_assert_cmpint (best->total, ==, k == 0 ? 100 : 110);
    }
}

/* §10.5.3: example 1, Lilibeo at L.144 moves right only with a total
 * dividend of at least L.144; nothing paid moves it left. Example 2: the
 * president holds 50%, 20% is in the treasury and 30% in the pool: of
 * L.50, the president gets L.25, the corporation L.10, and the bank keeps
 * L.15. */
static void
test_operating_payouts (void)
{
  g_autoptr(KolTitle) t = load (3, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 27939);
  int ctl = corp (engine, "CTL");
  KolPriceChange change;
  int player, treasury, bank;

  start_corp (engine, "CTL", 0, 144);
  kol_dividend_share_price_change (engine, ctl, 143, &change);
  g_assert_cmpint (change.n, ==, 0);
  kol_dividend_share_price_change (engine, ctl, 144, &change);
  g_assert_cmpint (change.n, ==, 1);
  g_assert_cmpint (change.moves[0].direction, ==, KOL_PRICE_RIGHT);
  kol_dividend_share_price_change (engine, ctl, 0, &change);
  g_assert_cmpint (change.moves[0].direction, ==, KOL_PRICE_LEFT);

  /* example 2: 50% president, 20% treasury, 30% pool */
  give (engine, "CTL_1", P (0));
  give (engine, "CTL_2", P (0));
  give (engine, "CTL_3", P (0));
  give (engine, "CTL_4", pool ());
  give (engine, "CTL_5", pool ());
  give (engine, "CTL_6", pool ());
  player = engine->players[0].cash;
  treasury = engine->corps[ctl].cash;
  bank = engine->bank;
  kol_dividend_payout_shares (engine, ctl, 50);
  g_assert_cmpint (engine->players[0].cash - player, ==, 25);
  g_assert_cmpint (engine->corps[ctl].cash - treasury, ==, 10);
  g_assert_cmpint (bank - engine->bank, ==, 35);
}

/* §10.6, the examples: in Phase 8 a corporation with two 8H may buy the
 * first 10H (limit 3), then must give one train back (limit 2 in Phase
 * 10); in Phase 12 a corporation with two 8H cannot buy the first 16H. */
static void
test_operating_train_limits (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  g_autoptr(KolEngine) g12 = NULL;
  int rcs = corp (engine, "RCS");
  KolTrainOffer offers[16];
  KolAction *a;

  start_corp (engine, "RCS", 0, 100);
  engine->corps[rcs].cash = 2000;
  engine->bank -= 2000;
  depot_from (engine, "10H-0");
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "8H"));
  give_train (engine, "8H-0", "RCS");
  give_train (engine, "8H-1", "RCS");
  g12 = kol_engine_copy (engine);

  start_or (engine);
  advance_to (engine, "Buy Trains");
  a = act (KOL_ACTION_BUY_TRAIN, C (engine, "RCS"));
  a->train = (gint16) kol_engine_train_by_id (engine, "10H-0");
  a->price = 550;
  apply_ok (engine, a);
  g_assert_cmpstr (engine->title->phases[engine->phase].name, ==, "10H");
  g_assert_cmpstr (active_step_name (engine), ==, "Discard Trains");
  a = act (KOL_ACTION_DISCARD_TRAIN, C (engine, "RCS"));
  a->train = (gint16) kol_engine_train_by_id (engine, "8H-0");
  apply_ok (engine, a);
  g_assert_cmpint (kol_engine_trains_of (engine, C (engine, "RCS"), (gint16[8]) { 0 }, 8), ==, 2);
  g_assert_cmpint (engine->trains[kol_engine_train_by_id (engine, "8H-0")].owner.kind, ==, KOL_ENTITY_POOL);

  /* Phase 12 */
  depot_from (g12, "16H-0");
  kol_engine_set_phase (g12, kol_title_phase_by_name (t, "12H"));
  start_or (g12);
  g_assert_cmpint (kol_buyable_train_offers (g12, rcs, offers, G_N_ELEMENTS (offers)), ==, 0);
  g_assert_false (kol_step_buy_train_room (g12, rcs));
}

/* ------------------------------------------- operating: more (§7, §10) */

/* Refused for any reason; the game is unchanged. */
static void
apply_refused_any (KolEngine *engine,
                   KolAction *a)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolEngine) before = kol_engine_copy (engine);

  g_assert_false (try_apply (engine, a, &error));
  g_assert_nonnull (error);
  g_test_message ("refused as expected: %s", error->message);
  engine->refusal = before->refusal;
  g_assert_true (memcmp (engine, before, sizeof *engine) == 0);
}

/* The first legal action of @type (and, if not NULL, @choice). */
static KolAction *
find_legal (KolEngine     *engine,
            KolActionType  type,
            const char    *choice)
{
  g_autoptr(GPtrArray) actions = legal (engine);

  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *a = g_ptr_array_index (actions, i);

      if (a->type == type && (choice == NULL || g_strcmp0 (a->choice, choice) == 0))
        return kol_action_copy (a);
    }
  return NULL;
}

static gboolean
has_legal (KolEngine     *engine,
           KolActionType  type,
           const char    *choice)
{
  KolAction *a = find_legal (engine, type, choice);

  kol_action_free (a);
  return a != NULL;
}

static int
count_legal (KolEngine     *engine,
             KolActionType  type)
{
  g_autoptr(GPtrArray) actions = legal (engine);
  int n = 0;

  for (guint i = 0; i < actions->len; i++)
    n += ((KolAction *) g_ptr_array_index (actions, i))->type == type;
  return n;
}

/* One action as advance_to picks it. */
static void
auto_act (KolEngine *engine)
{
  g_autoptr(GPtrArray) actions = legal (engine);
  KolAction *pick = NULL;

  for (guint i = 0; i < actions->len && pick == NULL; i++)
    {
      KolAction *a = g_ptr_array_index (actions, i);

      if (a->type == KOL_ACTION_RUN_ROUTES ||
          (a->type == KOL_ACTION_DIVIDEND && g_strcmp0 (a->kind, "payout") == 0) ||
          (a->type == KOL_ACTION_CHOOSE && g_strcmp0 (a->choice, "Pass") == 0))
        pick = a;
    }
  for (guint i = 0; i < actions->len && pick == NULL; i++)
    if (((KolAction *) g_ptr_array_index (actions, i))->type == KOL_ACTION_PASS)
      pick = g_ptr_array_index (actions, i);
  g_assert_nonnull (pick);
  apply_ok (engine, kol_action_copy (pick));
}

/* §10.2: from Phase 6 to Phase 10 a corporation may buy a private company
 * from a player for L.1 to twice its face value, never RSA (§8.1); CNM's
 * buyer gets the marker's L.20 and may put it on a port (§7.1 P3), which
 * closes CNM. */
static void
test_operating_buy_company (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int ift = corp (engine, "IFT"), cnm = company (engine, "CNM"), rsa = company (engine, "RSA");
  int face = engine->companies[cnm].value, p2;
  KolAction *a;

  kol_engine_move_company (engine, cnm, P (2));
  kol_engine_move_company (engine, rsa, P (1));
  start_corp (engine, "IFT", 0, 100);
  engine->corps[ift].cash = 500;
  engine->bank -= 500;
  start_or (engine);
  p2 = engine->players[2].cash;
  g_assert_cmpstr (active_step_name (engine), ==, "Lay Track");

  /* Phase 4: no purchases */
  g_assert_cmpint (count_legal (engine, KOL_ACTION_BUY_COMPANY), ==, 0);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = face;
  apply_refused_any (engine, a);

  /* Phase 6: L.1 to 2× face value */
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "6H"));
  g_assert_cmpint (count_legal (engine, KOL_ACTION_BUY_COMPANY), ==, 2);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 2 * face + 1;
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_COMPANY_PRICE);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 0;
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_COMPANY_PRICE);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) rsa;
  a->price = 1;
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_COMPANY_NOT_BUYABLE);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 2 * face;
  apply_ok (engine, a);
  /* §7.1: the player agrees to the sale */
  apply_ok (engine, choose (P (2), KOL_CONSENT_ACCEPT));
  g_assert_true (kol_entity_equal (engine->companies[cnm].owner, C (engine, "IFT")));
  g_assert_cmpint (engine->players[2].cash - p2, ==, 2 * face);
  g_assert_cmpint (engine->corps[ift].cash, ==, 500 - 2 * face);
  g_assert_true (kol_1849_corp (engine, ift)->cnm);

  /* the marker: ports only; it closes CNM */
  g_assert_cmpint (count_legal (engine, KOL_ACTION_ASSIGN), ==, 4);
  a = act (KOL_ACTION_ASSIGN, kol_entity (KOL_ENTITY_COMPANY, cnm));
  a->hex = (gint16) hex (engine, "C5");
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_CHOICE);
  a = act (KOL_ACTION_ASSIGN, kol_entity (KOL_ENTITY_COMPANY, cnm));
  a->hex = (gint16) hex (engine, "N8");
  apply_ok (engine, a);
  g_assert_cmpint (kol_1849_state (engine)->cnm_hex, ==, hex (engine, "N8"));
  g_assert_true (engine->companies[cnm].closed);
  g_assert_cmpint (count_legal (engine, KOL_ACTION_ASSIGN), ==, 0);
}

/* §10.5.2: the routes a corporation runs earn the
 * most its trains can: a run worth less than the router's proven best is
 * refused with both sums; 18xx.games (compat) takes what is claimed. */
static void
test_operating_best_revenue (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) rulebook = load (4, NULL);
  g_autoptr(KolTitle) compat = load_opts (4, compat_opts);
  const KolTitle *titles[] = { rulebook, compat };

  for (int k = 0; k < 2; k++)
    {
      g_autoptr(KolEngine) engine = game_new (titles[k], 3);
      g_autoptr(KolAction) best = NULL;
      KolAction *none;

      start_corp (engine, "RCS", 0, 100);                 /* Palermo, C5 */
      lay (engine, "C5", "651", 5);
      lay (engine, "B4", "7", 5);
      lay (engine, "D4", "681", 2);
      give_train (engine, "4H-0", "RCS");
      start_or (engine);
      advance_to (engine, "Lay Track");
      apply_ok (engine, pass (C (engine, "RCS")));
      g_assert_cmpstr (active_step_name (engine), ==, "Run Routes");
      best = find_legal (engine, KOL_ACTION_RUN_ROUTES, NULL);
      g_assert_nonnull (best);
      g_assert_cmpint (((KolRouteSpec *) g_ptr_array_index (best->routes, 0))->revenue, >, 0);
      none = act (KOL_ACTION_RUN_ROUTES, C (engine, "RCS"));
      none->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
      if (k == 0)
        {
          apply_refused (engine, none, KOL_ENGINE_ERROR_ROUTE, KOL_REASON_ROUTE_NOT_BEST);
          apply_ok (engine, kol_action_copy (best));
          g_assert_cmpstr (active_step_name (engine), ==, "Pay or Withhold Dividends");
        }
      else
        apply_ok (engine, none);
    }
}

/* §7.1 and §10.2 («Игрок должен согласиться с этим», «Игрок, владеющий
 * частной компанией, должен согласиться на продажу»): a corporation's
 * purchase of another player's private company is an offer that the
 * player accepts or declines as their own action; a purchase from the
 * corporation's own president is immediate; 18xx.games' records (compat)
 * have no answers, so there every purchase is immediate. */
static void
test_consent_company (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  g_autoptr(KolEngine) waiting = NULL;
  int ift = corp (engine, "IFT"), cnm = company (engine, "CNM"), sigi = company (engine, "SIGI");
  int p2, p0;
  KolAction *a;

  kol_engine_move_company (engine, cnm, P (2));
  kol_engine_move_company (engine, sigi, P (0));
  start_corp (engine, "IFT", 0, 100);
  engine->corps[ift].cash = 500;
  engine->bank -= 500;
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "6H"));
  start_or (engine);
  p2 = engine->players[2].cash;
  p0 = engine->players[0].cash;

  /* the offer: nothing changes hands, the seller's owner answers */
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 50;
  apply_ok (engine, a);
  g_assert_true (kol_entity_equal (engine->companies[cnm].owner, P (2)));
  g_assert_cmpint (engine->corps[ift].cash, ==, 500);
  g_assert_nonnull (kol_consent_pending (engine));
  g_assert_cmpint (kol_consent_pending (engine)->price, ==, 50);
  g_assert_true (kol_entity_equal (cur (engine), P (2)));
  g_assert_cmpstr (active_step_name (engine), ==, "Accept or Decline an Offer");
  g_assert_cmpint (count_legal (engine, KOL_ACTION_CHOOSE), ==, 2);
  /* nobody else acts meanwhile, not even the buyer */
  apply_refused_any (engine, pass (C (engine, "IFT")));
  apply_refused_any (engine, choose (P (0), KOL_CONSENT_ACCEPT));
  apply_refused (engine, choose (P (2), "Maybe"), KOL_ENGINE_ERROR_RULE, KOL_REASON_CHOICE);
  waiting = kol_engine_copy (engine);

  /* declined: back to the buyer, who may only offer more this turn */
  apply_ok (engine, choose (P (2), KOL_CONSENT_DECLINE));
  g_assert_null (kol_consent_pending (engine));
  g_assert_true (kol_entity_equal (cur (engine), C (engine, "IFT")));
  g_assert_true (kol_entity_equal (engine->companies[cnm].owner, P (2)));
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 50;
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_OFFER_DECLINED);
  {
    g_autoptr(GPtrArray) actions = legal (engine);

    for (guint i = 0; i < actions->len; i++)
      {
        KolAction *b = g_ptr_array_index (actions, i);

        if (b->type == KOL_ACTION_BUY_COMPANY && b->company == cnm)
          g_assert_cmpint (b->price, >, 50);
      }
  }
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 60;
  apply_ok (engine, a);
  apply_ok (engine, choose (P (2), KOL_CONSENT_ACCEPT));
  g_assert_true (kol_entity_equal (engine->companies[cnm].owner, C (engine, "IFT")));
  g_assert_cmpint (engine->players[2].cash - p2, ==, 60);
  g_assert_cmpint (engine->corps[ift].cash, ==, 440);

  /* the president's own private: no question */
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) sigi;
  a->price = 1;
  apply_ok (engine, a);
  g_assert_null (kol_consent_pending (engine));
  g_assert_true (kol_entity_equal (engine->companies[sigi].owner, C (engine, "IFT")));
  g_assert_cmpint (engine->players[0].cash - p0, ==, 1);

  /* accepted from the waiting state: the purchase at the offered price */
  apply_ok (waiting, choose (P (2), KOL_CONSENT_ACCEPT));
  g_assert_true (kol_entity_equal (waiting->companies[cnm].owner, C (waiting, "IFT")));
  g_assert_cmpint (waiting->corps[ift].cash, ==, 450);

  /* an offer the purchase rules refuse is refused as the purchase */
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) company (engine, "SMS");
  a->price = 2 * engine->companies[a->company].value + 1;
  kol_engine_move_company (engine, a->company, P (3));
  apply_refused (engine, a, KOL_ENGINE_ERROR_RULE, KOL_REASON_COMPANY_PRICE);
  g_assert_null (kol_consent_pending (engine));

  /* self-play's invariant: no change of hands without the answer */
  {
    g_autoptr(KolEngine) after = kol_engine_copy (engine);
    g_autoptr(GString) problems = g_string_new (NULL);
    g_autoptr(KolAction) by_buyer = pass (C (engine, "IFT"));
    g_autoptr(KolAction) accepted = choose (P (3), KOL_CONSENT_ACCEPT);

    kol_engine_move_company (after, company (engine, "SMS"), C (engine, "IFT"));
    g_assert_false (kol_consent_check (engine, after, by_buyer, problems));
    g_test_message ("%s", problems->str);
    g_assert_true (kol_consent_check (engine, after, accepted, problems));
  }
}

/* The same purchase in a game imported from 18xx.games (compat): at once. */
static void
test_consent_compat (void)
{
  const char *opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) t = load_opts (4, opts);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int ift = corp (engine, "IFT"), cnm = company (engine, "CNM");
  KolAction *a;

  kol_engine_move_company (engine, cnm, P (2));
  start_corp (engine, "IFT", 0, 100);
  engine->corps[ift].cash = 500;
  engine->bank -= 500;
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "6H"));
  start_or (engine);
  a = act (KOL_ACTION_BUY_COMPANY, C (engine, "IFT"));
  a->company = (gint16) cnm;
  a->price = 50;
  apply_ok (engine, a);
  g_assert_null (kol_consent_pending (engine));
  g_assert_true (kol_entity_equal (engine->companies[cnm].owner, C (engine, "IFT")));
}

/* §10.6 («Президент продающей корпорации должен дать согласие на
 * продажу»): a train of another president's corporation is bought only
 * when that president accepts; between two corporations of one president
 * at once. */
static void
test_consent_train (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int ift = corp (engine, "IFT"), ctl = corp (engine, "CTL"), sfa = corp (engine, "SFA");
  int t1, t2;
  KolAction *a;

  start_corp (engine, "IFT", 0, 100);
  start_corp (engine, "CTL", 1, 100);
  start_corp (engine, "SFA", 0, 100);
  engine->corps[ift].cash = 500;
  engine->corps[ctl].cash = 100;
  engine->corps[sfa].cash = 100;
  engine->bank -= 700;
  t1 = give_train (engine, "4H-0", "CTL");
  t2 = give_train (engine, "4H-1", "SFA");
  depot_from (engine, "6H-0");
  give_train (engine, "4H-2", "IFT");
  start_or (engine);
  while (!kol_entity_equal (cur (engine), C (engine, "IFT")) || strcmp (active_step_name (engine), "Buy Trains") != 0)
    auto_act (engine);

  a = act (KOL_ACTION_BUY_TRAIN, C (engine, "IFT"));
  a->train = (gint16) t1;
  a->price = 40;
  apply_ok (engine, a);
  g_assert_true (kol_entity_equal (engine->trains[t1].owner, C (engine, "CTL")));
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  apply_ok (engine, choose (P (1), KOL_CONSENT_ACCEPT));
  g_assert_true (kol_entity_equal (engine->trains[t1].owner, C (engine, "IFT")));
  g_assert_cmpint (engine->corps[ctl].cash, ==, 140);
  g_assert_cmpint (engine->corps[ift].cash, ==, 460);

  /* SFA is the president's own */
  a = act (KOL_ACTION_BUY_TRAIN, C (engine, "IFT"));
  a->train = (gint16) t2;
  a->price = 1;
  apply_ok (engine, a);
  g_assert_null (kol_consent_pending (engine));
  g_assert_true (kol_entity_equal (engine->trains[t2].owner, C (engine, "IFT")));
}

/* §7.1 P4: a corporation owning SMS may close it at the start of its turn
 * and then build one coastal city anywhere, without a connection, and
 * place its token only there. */
static void
test_operating_sms (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int rcs = corp (engine, "RCS"), sms = company (engine, "SMS");
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(KolEngine) lay_copy = NULL;
  KolAction *a;
  gboolean far = FALSE;
  int laid = -1;

  kol_engine_move_company (engine, sms, C (engine, "RCS"));
  start_corp (engine, "RCS", 0, 100);
  engine->corps[rcs].cash = 500;
  engine->bank -= 500;
  start_or (engine);
  g_assert_cmpstr (active_step_name (engine), ==, "SMS Teleport");
  g_assert_nonnull ((a = find_legal (engine, KOL_ACTION_CHOOSE, "Close SMS")));
  kol_action_free (a);
  apply_refused (engine, choose (C (engine, "RCS"), "Teleport"), KOL_ENGINE_ERROR_RULE, KOL_REASON_CHOICE);
  apply_ok (engine, choose (C (engine, "RCS"), "Close SMS"));
  g_assert_true (engine->companies[sms].closed);
  g_assert_cmpstr (active_step_name (engine), ==, "Lay Track");

  /* only coastal cities, connected or not */
  apply_refused (engine, lay_action (engine, "RCS", "D4", "3", 0), KOL_ENGINE_ERROR_TILE, K49_REASON_NOT_COASTAL);
  actions = legal (engine);
  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *l = g_ptr_array_index (actions, i);

      if (l->type != KOL_ACTION_LAY_TILE)
        continue;
      g_assert_true (kol_1849_is_sms_hex (engine, l->hex));
      if (laid < 0)
        {
          laid = l->hex;
          lay_copy = kol_engine_copy (engine);
          apply_ok (lay_copy, kol_action_copy (l));
        }
    }
  /* Girgenti (J6), in Phase 4 the only coastal city to build, is SFA's
   * home: the token has nowhere to go */
  g_assert_cmpint (laid, ==, hex (engine, "J6"));
  g_assert_cmpint (kol_1849_corp (lay_copy, rcs)->sms, ==, laid + 1);
  g_assert_cmpstr (active_step_name (lay_copy), !=, "Place a Token");

  /* without a lay: a token in any coastal city, Terranova (M9) say */
  apply_ok (engine, pass (C (engine, "RCS")));
  g_assert_cmpstr (active_step_name (engine), ==, "Place a Token");
  g_clear_pointer (&actions, g_ptr_array_unref);
  actions = legal (engine);
  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *l = g_ptr_array_index (actions, i);

      if (l->type == KOL_ACTION_PLACE_TOKEN)
        {
          g_assert_true (kol_1849_is_sms_hex (engine, l->hex));
          far |= l->hex == hex (engine, "M9");
        }
    }
  g_assert_true (far);
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "RCS"));
  a->hex = (gint16) hex (engine, "D4");
  a->city = 0;
  apply_refused (engine, a, KOL_ENGINE_ERROR_TOKEN, K49_REASON_NOT_COASTAL);
  a = act (KOL_ACTION_PLACE_TOKEN, C (engine, "RCS"));
  a->hex = (gint16) hex (engine, "M9");
  a->city = 0;
  apply_ok (engine, a);
  g_assert_true (kol_board_hex_tokened_by (engine, hex (engine, "M9"), rcs));
}

/* Plays the Palermo–Partinico position of the routes test: RCS (P1, par
 * 100) with a route and neither train nor cash, CTL (P2, par 68) with 20%
 * held by P1 after a turn; RCS operates first and must buy a train. */
static KolEngine *
emergency_game_at (const KolTitle *t,
                   const char     *step)
{
  KolEngine *engine = game_new (t, 3);
  int ctl = corp (engine, "CTL");

  start_corp (engine, "RCS", 0, 100);
  start_corp (engine, "CTL", 1, 68);
  give (engine, "CTL_1", P (0));
  give (engine, "CTL_2", P (0));
  engine->corps[ctl].operated = 1;
  lay (engine, "C5", "651", 5);
  lay (engine, "D4", "681", 2);
  engine->bank += engine->players[0].cash - 30;
  engine->players[0].cash = 30;
  start_or (engine);
  advance_to (engine, step);
  return engine;
}

static KolEngine *
emergency_game (const KolTitle *t)
{
  return emergency_game_at (t, "Buy Trains");
}

/* §10.7: a corporation without a train that must buy one and cannot pay:
 * its president adds money, selling shares (only of corporations that have
 * operated, the presidency kept); going bankrupt is allowed only when
 * that cannot raise enough (A). */
static void
test_operating_emergency (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = emergency_game (t);
  int rcs = corp (engine, "RCS");
  int cheapest = kol_engine_train_price (engine, kol_engine_train_by_id (engine, "4H-0"));
  KolAction *a;

  g_assert_cmpint (engine->corps[rcs].cash, ==, 0);
  g_assert_false (has_legal (engine, KOL_ACTION_BANKRUPT, NULL));
  apply_refused (engine, act (KOL_ACTION_BANKRUPT, C (engine, "RCS")), KOL_ENGINE_ERROR_RULE,
                 KOL_REASON_CANNOT_GO_BANKRUPT);
  /* P1 sells CTL (price 68 → L.136) */
  g_assert_nonnull ((a = find_legal (engine, KOL_ACTION_SELL_SHARES, NULL)));
  g_assert_cmpint (a->entity.kind, ==, KOL_ENTITY_PLAYER);
  kol_action_free (a);
  apply_ok (engine, sell (engine, 0, "CTL_1,CTL_2", 20));
  g_assert_cmpint (engine->players[0].cash, ==, 30 + 136);
  a = act (KOL_ACTION_BUY_TRAIN, C (engine, "RCS"));
  a->train = (gint16) kol_engine_train_by_id (engine, "4H-0");
  a->price = cheapest;
  apply_ok (engine, a);
  g_assert_cmpint (engine->players[0].cash, ==, 30 + 136 - cheapest);
  g_assert_cmpint (engine->corps[rcs].cash, ==, 0);
  g_assert_true (kol_entity_equal (engine->trains[kol_engine_train_by_id (engine, "4H-0")].owner, C (engine, "RCS")));
}

/* §10.7 B and §13: without enough, the corporation goes under: the
 * president sells what he can, gives his cash to it, it closes; a player
 * left without shares takes a L.500 loan (L.750 off his score at the end,
 * not below L.0) or leaves the game; the game ends when one player is
 * left. */
static void
test_operating_bankrupt (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolTitle) tc = load_opts (4, compat_opts);
  g_autoptr(KolEngine) engine = emergency_game (t);
  g_autoptr(KolEngine) gc = emergency_game (tc);
  g_autoptr(KolEngine) leave = NULL;
  g_autoptr(KolEngine) last = NULL;
  int rcs = corp (engine, "RCS"), bank;

  give (engine, "CTL_1", P (2));
  give (engine, "CTL_2", P (2));
  give (gc, "CTL_1", P (2));
  give (gc, "CTL_2", P (2));
  g_assert_true (has_legal (engine, KOL_ACTION_BANKRUPT, NULL));
  leave = kol_engine_copy (engine);
  bank = engine->bank;
  apply_ok (engine, act (KOL_ACTION_BANKRUPT, C (engine, "RCS")));
  g_assert_false (kol_corp_floated (engine, rcs));
  g_assert_cmpint (percent (engine, P (0), "RCS"), ==, 0);
  g_assert_cmpint (engine->corp_order[engine->n_corp_order - 1], ==, rcs);
  g_assert_cmpint (engine->bank - bank, ==, 30);
  g_assert_cmpstr (active_step_name (engine), ==, "Bankruptcy Choice");
  g_assert_true (kol_entity_equal (cur (engine), P (0)));
  apply_refused (engine, choose (P (0), "Borrow"), KOL_ENGINE_ERROR_RULE, KOL_REASON_CHOICE);
  apply_ok (engine, choose (P (0), "Take L.500 loan"));
  g_assert_cmpint (engine->players[0].cash, ==, 500);
  g_assert_false (engine->players[0].bankrupt);
  /* L.500 − L.750: L.0 by the rulebook, −L.250 on 18xx.games */
  g_assert_cmpint (engine->module->player_value (engine, 0), ==, 0);
  apply_ok (gc, act (KOL_ACTION_BANKRUPT, C (gc, "RCS")));
  apply_ok (gc, choose (P (0), "Take L.500 loan"));
  g_assert_cmpint (gc->module->player_value (gc, 0), ==, -250);
  engine->players[0].cash += 1000;
  engine->bank -= 1000;
  g_assert_cmpint (engine->module->player_value (engine, 0), ==, 750);

  /* leaving: the game goes on while two players are left, and ends when
   * one is */
  apply_ok (leave, act (KOL_ACTION_BANKRUPT, C (leave, "RCS")));
  leave->players[1].bankrupt = TRUE;
  last = kol_engine_copy (leave);
  /* §10.7 B «выйти из игры (заканчивая с L.0)»: a player who leaves ends
   * with L.0; their private company leaves play and scores nothing
   * (18xx.games keeps it, and its revenue, in compat) */
  kol_engine_move_company (leave, company (leave, "SCE"), P (0));
  {
    g_autoptr(KolEngine) lc = kol_engine_copy (leave);

    kol_1849_state (lc)->compat = TRUE;
    apply_ok (lc, choose (P (0), "Leave game"));
    g_assert_false (lc->companies[company (lc, "SCE")].closed);
    g_assert_cmpint (lc->module->player_value (lc, 0), ==, lc->companies[company (lc, "SCE")].value);
  }
  apply_ok (leave, choose (P (0), "Leave game"));
  g_assert_true (leave->players[0].bankrupt);
  g_assert_true (leave->companies[company (leave, "SCE")].closed);
  g_assert_cmpint (leave->module->player_value (leave, 0), ==, 0);
  g_assert_false (leave->finished);
  last->players[2].bankrupt = TRUE;
  apply_ok (last, choose (P (0), "Leave game"));
  g_assert_true (last->finished);
  g_assert_cmpint (last->end_reason, ==, KOL_GAME_END_BANKRUPT);
}

/* §10.7 («Если корпорация должна купить поезд, но не может …»): a
 * corporation goes bankrupt in Buy Trains, when its president cannot
 * raise the money, not while laying track. 18xx.games offers bankruptcy at
 * any step of such a turn and there sells none of the president's shares
 * (Game#sellable_bundles asks the active step, and only Buy Trains and
 * the emergency step allow sales): compat does the same. */
static void
test_bankrupt_only_when_buying (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolTitle) tc = load_opts (4, compat_opts);
  g_autoptr(KolEngine) engine = emergency_game_at (t, "Lay Track");
  g_autoptr(KolEngine) gc = emergency_game_at (tc, "Lay Track");

  give (engine, "CTL_2", P (2));
  give (gc, "CTL_2", P (2));
  g_assert_false (has_legal (engine, KOL_ACTION_BANKRUPT, NULL));
  apply_refused_any (engine, act (KOL_ACTION_BANKRUPT, C (engine, "RCS")));
  advance_to (engine, "Buy Trains");
  g_assert_true (has_legal (engine, KOL_ACTION_BANKRUPT, NULL));
  apply_ok (engine, act (KOL_ACTION_BANKRUPT, C (engine, "RCS")));
  g_assert_cmpint (percent (engine, P (0), "CTL"), ==, 0);

  g_assert_true (has_legal (gc, KOL_ACTION_BANKRUPT, NULL));
  apply_ok (gc, act (KOL_ACTION_BANKRUPT, C (gc, "RCS")));
  g_assert_false (kol_corp_floated (gc, corp (gc, "RCS")));
  g_assert_cmpint (percent (gc, P (0), "CTL"), ==, 10);
}

/* §14.2 («облигация должна быть немедленно погашена при закрытии
 * корпорации, сначала за счет кассы корпорации, а затем … путем
 * экстренного сбора денежных средств»): a corporation closing with its
 * bond repays L.500 from its treasury, and its president raises the rest
 * (§10.7: cash, then shares); 18xx.games lets the bond vanish (compat). */
static void
test_variant_bond_on_close (void)
{
  const char *opts[] = { KOL_1849_OPT_BONDS, NULL };
  const char *compat_opts[] = { KOL_1849_OPT_BONDS, KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) rulebook = load_opts (4, opts);
  g_autoptr(KolTitle) compat = load_opts (4, compat_opts);
  const KolTitle *titles[] = { rulebook, compat };

  for (int k = 0; k < 2; k++)
    {
      g_autoptr(KolEngine) engine = game_new (titles[k], 3);
      int rcs = corp (engine, "RCS"), ctl = corp (engine, "CTL");
      int bank;

      start_corp (engine, "RCS", 0, 100);
      start_corp (engine, "CTL", 1, 100);
      engine->corps[ctl].operated = 1;
      give (engine, "CTL_1", P (0));
      give (engine, "CTL_2", P (0));
      engine->corps[rcs].loans = 1;
      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), C (engine, "RCS"), 200);
      kol_engine_transfer (engine, P (0), kol_entity (KOL_ENTITY_BANK, 0), engine->players[0].cash - 100);
      bank = engine->bank;
      start_or (engine);
      kol_1849_close_corporation (engine, rcs);
      g_assert_cmpint (engine->corps[rcs].loans, ==, 0);
      if (k == 0)
        {
          /* L.200 from the treasury, L.100 of P1's cash and two CTL shares
           * sold for the last L.200 */
          g_assert_cmpint (percent (engine, P (0), "CTL"), ==, 0);
          g_assert_cmpint (engine->players[0].cash, ==, 0);
          g_assert_cmpint (engine->bank - bank, ==, 500 - 2 * 100 + 0);
        }
      else
        {
          g_assert_cmpint (percent (engine, P (0), "CTL"), ==, 20);
          g_assert_cmpint (engine->players[0].cash, ==, 100);
          g_assert_cmpint (engine->bank - bank, ==, 200);
        }
    }
}

/* §10.8: after its first turn a corporation may issue treasury shares
 * (the price moves down one row per share; the pool holds at most five;
 * the last certificate last) or redeem one share from the pool at the
 * current price, once per turn. */
static void
test_operating_issue_redeem (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  g_autoptr(KolEngine) r = NULL;
  int rcs = corp (engine, "RCS"), price, cash;
  KolCell cell;
  KolAction *a;

  start_corp (engine, "RCS", 0, 100);
  give_train (engine, "4H-0", "RCS");
  r = kol_engine_copy (engine);
  /* the first turn: nothing to issue */
  start_or (engine);
  while (engine->round.kind == K49_ROUND_OPERATING)
    {
      g_assert_cmpstr (active_step_name (engine), !=, "Issue or Redeem Shares");
      auto_act (engine);
    }

  /* the second: (withholding moved the price left) */
  r->corps[rcs].operated = 1;
  start_or (r);
  advance_to (r, "Issue or Redeem Shares");
  cell = kol_market_corp_cell (r, rcs);
  price = price_of (r, "RCS");
  /* one to five shares, the 20% last certificate not before the others */
  g_assert_cmpint (count_legal (r, KOL_ACTION_SELL_SHARES), ==, 5);
  a = shares_action (r, KOL_ACTION_SELL_SHARES, C (r, "RCS"), "RCS_7", 0);
  apply_refused (r, a, KOL_ENGINE_ERROR_CANNOT_SELL, K49_REASON_LAST_CERT);
  a = shares_action (r, KOL_ACTION_SELL_SHARES, C (r, "RCS"), "RCS_1,RCS_2", 0);
  apply_ok (r, a);
  g_assert_cmpint (r->corps[rcs].cash, ==, 2 * price);
  g_assert_cmpint (kol_market_corp_cell (r, rcs).row, ==, cell.row + 2);
  g_assert_cmpint (kol_market_corp_cell (r, rcs).col, ==, cell.col);
  g_assert_cmpint (percent (r, pool (), "RCS"), ==, 20);
  g_assert_cmpstr (active_step_name (r), !=, "Issue or Redeem Shares");

  /* the third: redeem one at the price of the moment */
  start_or (r);
  advance_to (r, "Issue or Redeem Shares");
  price = price_of (r, "RCS");
  cash = r->corps[rcs].cash;
  g_assert_cmpint (count_legal (r, KOL_ACTION_BUY_SHARES), ==, 1);
  a = shares_action (r, KOL_ACTION_BUY_SHARES, C (r, "RCS"), "RCS_1", 0);
  apply_ok (r, a);
  g_assert_cmpint (r->corps[rcs].cash, ==, cash - price);
  g_assert_cmpint (price_of (r, "RCS"), ==, price);
  g_assert_true (owns (r, C (r, "RCS"), "RCS_1"));
  g_assert_cmpstr (active_step_name (r), !=, "Issue or Redeem Shares");
}

/* §11: a corporation whose price reaches the closed cell closes at once:
 * its shares go back, its home is reserved again, it goes to the end of the
 * order and may be started again from the next stock round. */
static void
test_closing (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int rcs = corp (engine, "RCS");
  int palermo = hex (engine, "C5");

  start_corp (engine, "RCS", 0, 100);
  give (engine, "RCS_1", P (1));
  give_train (engine, "4H-0", "RCS");
  engine->corps[rcs].operated = 2;
  set_price (engine, "RCS", 9, 24);
  start_corp (engine, "CTL", 2, 68);
  set_price (engine, "CTL", 9, 24);          /* after RCS: RCS operates first */
  start_or (engine);
  /* no route: nothing paid, the price moves left into the closed cell */
  while (kol_entity_equal (engine->round.current_operator, C (engine, "RCS")))
    auto_act (engine);
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_OPERATING);
  g_assert_false (kol_corp_floated (engine, rcs));
  g_assert_cmpint (percent (engine, P (0), "RCS"), ==, 0);
  g_assert_cmpint (percent (engine, P (1), "RCS"), ==, 0);
  g_assert_false (engine->corps[rcs].ipoed);
  g_assert_cmpint (engine->corp_order[engine->n_corp_order - 1], ==, rcs);
  g_assert_true (kol_1849_corp (engine, rcs)->closed_recently);
  g_assert_false (kol_board_hex_tokened_by (engine, palermo, rcs));
  g_assert_true (kol_board_city_reserved_by (engine, palermo, 0, rcs));
  kol_1849_start_stock_round (engine);
  g_assert_false (kol_1849_corp (engine, rcs)->closed_recently);
}

/* §11 («Корпорация, маркер рынка акций которой попадает в ячейку
 * "закрыта", немедленно закрывается»): a corporation
 * that closes in its own turn (here issuing a share into the closed cell)
 * stops operating, and the next corporation operates in the same round
 * (18xx.games: close_corporation's force_next_entity!). Before, when its
 * turn was still open (a private it could buy), the round ended at once. */
static void
test_closing_own_turn (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) rulebook = load (4, NULL);
  g_autoptr(KolTitle) compat = load_opts (4, compat_opts);
  const KolTitle *titles[] = { rulebook, compat };

  for (int k = 0; k < 2; k++)
    {
      g_autoptr(KolEngine) engine = game_new (titles[k], 3);
      int rcs = corp (engine, "RCS");

      start_corp (engine, "RCS", 0, 100);
      give_train (engine, "4H-0", "RCS");
      engine->corps[rcs].operated = 1;
      set_price (engine, "RCS", 8, 31);
      start_corp (engine, "CTL", 2, 68);
      set_price (engine, "CTL", 8, 27);          /* after RCS */
      give_train (engine, "4H-1", "CTL");
      /* a private RCS could still buy after issuing keeps its turn open */
      kol_engine_set_phase (engine, kol_title_phase_by_name (titles[k], "6H"));
      kol_engine_move_company (engine, company (engine, "CNM"), P (1));
      start_or (engine);
      advance_to (engine, "Issue or Redeem Shares");
      g_assert_true (kol_entity_equal (cur (engine), C (engine, "RCS")));
      g_assert_cmpint (price_of (engine, "RCS"), ==, 27);
      apply_ok (engine, shares_action (engine, KOL_ACTION_SELL_SHARES, C (engine, "RCS"), "RCS_1", 0));
      g_assert_false (kol_corp_floated (engine, rcs));
      g_assert_cmpint (engine->round.kind, ==, K49_ROUND_OPERATING);
      g_assert_true (kol_entity_equal (engine->round.current_operator, C (engine, "CTL")));
      g_assert_true (kol_entity_equal (cur (engine), C (engine, "CTL")));
      g_assert_cmpstr (active_step_name (engine), ==, "Lay Track");
    }
}

/* CTL's turn: Lay Track is passed, and the next step is returned (the
 * Token step is skipped when CTL may place no marker). */
static const char *
step_after_track (KolEngine *engine)
{
  start_or (engine);
  g_assert_true (kol_entity_equal (cur (engine), C (engine, "CTL")));
  advance_to (engine, "Lay Track");
  apply_ok (engine, pass (C (engine, "CTL")));
  return active_step_name (engine);
}

/* A four-variant record stopped at an operating turn:
 * 18xx.games remembers whether a corporation may place a station marker
 * (Graph#can_token?) until it clears its graph (a tile laid, a marker
 * placed or bought, the earthquake), which a closing does not do. Here
 * AFG's marker fills Trapani, the only city CTL reaches, then AFG closes:
 * by the rulebook the circle is free at once (§10.4: a marker goes in a
 * connected city with a free circle), so CTL is asked for a marker;
 * 18xx.games, and compat with it, still remember "no" and go on to the
 * routes. */
static void
test_closing_frees_token_circle (void)
{
  const char *compat_opts[] = { KOL_1849_OPT_COMPAT, NULL };
  g_autoptr(KolTitle) rulebook = load (4, NULL);
  g_autoptr(KolTitle) compat = load_opts (4, compat_opts);
  const KolTitle *titles[] = { rulebook, compat };
  const char *expected[] = { "Place a Token", "Run Routes" };

  for (int k = 0; k < 2; k++)
    {
      g_autoptr(KolEngine) engine = game_new (titles[k], 3);
      int afg = corp (engine, "AFG"), trapani = hex (engine, "C1");

      start_corp (engine, "CTL", 0, 100);          /* Marsala, joined to Trapani */
      start_corp (engine, "AFG", 1, 68);
      kol_board_place_token (engine, afg, 0, hex (engine, "B14"), 0, -1);
      engine->corps[afg].tokens[0].used = TRUE;
      kol_board_place_token (engine, afg, 1, trapani, 0, -1);
      engine->corps[afg].tokens[1].used = TRUE;
      set_price (engine, "AFG", 9, 24);
      give_train (engine, "4H-0", "CTL");

      /* no free circle: no marker step */
      g_assert_cmpstr (step_after_track (engine), ==, "Run Routes");
      kol_1849_close_corporation (engine, afg);
      g_assert_false (kol_board_hex_tokened_by (engine, trapani, afg));
      g_test_message ("%s: %s", k == 0 ? "rulebook" : "compat", expected[k]);
      g_assert_cmpstr (step_after_track (engine), ==, expected[k]);
    }
}

/* §12: at the first 12H the private companies close and the earthquake
 * destroys Messina: its tokens leave the game (AFG, with no other token,
 * closes), the printed tile comes back and Messina cannot be upgraded
 * until the next stock round. */
static void
test_events_earthquake (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int afg = corp (engine, "AFG"), rcs = corp (engine, "RCS"), ift = corp (engine, "IFT");
  int messina = hex (engine, "B14"), laid, printed = engine->hexes[messina].tile, left;
  int sce = company (engine, "SCE");

  kol_engine_move_company (engine, sce, P (0));
  start_corp (engine, "AFG", 2, 100);
  kol_board_place_token (engine, afg, 0, messina, 0, -1);
  engine->corps[afg].tokens[0].used = TRUE;
  start_corp (engine, "RCS", 0, 100);
  laid = kol_title_tile_by_id (t, "655");
  left = kol_board_tiles_left (engine, laid);
  lay (engine, "B14", "655", 0);
  g_assert_cmpint (kol_board_tiles_left (engine, laid), ==, left - 1);
  kol_board_place_token (engine, rcs, 1, messina, 0, -1);
  engine->corps[rcs].tokens[1].used = TRUE;
  start_corp (engine, "IFT", 1, 68);

  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "12H"));
  g_assert_true (engine->companies[sce].closed);
  g_assert_false (kol_corp_floated (engine, afg));
  g_assert_false (kol_board_hex_tokened_by (engine, messina, rcs));
  g_assert_true (kol_board_hex_tokened_by (engine, hex (engine, "C5"), rcs));
  g_assert_cmpint (kol_1849_corp (engine, rcs)->destroyed, ==, 1 << 1);
  g_assert_cmpint (engine->hexes[messina].tile, ==, printed);
  g_assert_cmpint (engine->hexes[messina].copy, ==, -1);
  g_assert_cmpint (kol_board_tiles_left (engine, laid), ==, left);
  g_assert_false (kol_1849_state (engine)->messina_upgradeable);

  /* IFT, with a token in Messina, cannot upgrade it in this set */
  kol_board_place_token (engine, ift, 1, messina, 0, -1);
  engine->corps[ift].tokens[1].used = TRUE;
  engine->corps[ift].cash = 500;
  engine->bank -= 500;
  start_or (engine);
  while (!kol_entity_equal (engine->round.current_operator, C (engine, "IFT")))
    auto_act (engine);
  g_assert_cmpstr (active_step_name (engine), ==, "Lay Track");
  apply_refused (engine, lay_action (engine, "IFT", "B14", "655", 0), KOL_ENGINE_ERROR_TILE,
                 K49_REASON_TILE_MESSINA_LOCKED);
  kol_1849_start_stock_round (engine);
  g_assert_true (kol_1849_state (engine)->messina_upgradeable);
}

/* §13: a corporation reaching L.377 ends the game when its turn ends. */
static void
test_game_end_377 (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int rcs = corp (engine, "RCS");

  start_corp (engine, "RCS", 0, 100);
  start_corp (engine, "CTL", 1, 68);
  give_train (engine, "4H-0", "RCS");
  give_train (engine, "4H-1", "CTL");
  set_price (engine, "RCS", 0, 340);
  start_or (engine);
  g_assert_true (kol_entity_equal (engine->round.current_operator, C (engine, "RCS")));
  kol_market_move_right (engine, rcs);
  g_assert_cmpint (price_of (engine, "RCS"), ==, 377);
  g_assert_true (kol_1849_corp (engine, rcs)->reached_max);
  /* the rest of its turn (nothing paid: the price moves back left, the
   * mark stays), then the end, before CTL operates */
  while (!engine->finished)
    {
      g_assert_true (kol_entity_equal (engine->round.current_operator, C (engine, "RCS")));
      auto_act (engine);
    }
  g_assert_cmpint (engine->corps[corp (engine, "CTL")].operated, ==, 0);
  g_assert_cmpint (engine->end_reason, ==, KOL_GAME_END_STOCK_MARKET);
}

/* §13: the bank breaks: the current set of operating rounds ends first. */
static void
test_game_end_bank (void)
{
  g_autoptr(KolTitle) t = load (4, NULL);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int guard = 0;

  start_corp (engine, "RCS", 0, 100);
  give_train (engine, "8H-0", "RCS");
  lay (engine, "C5", "651", 5);
  lay (engine, "D4", "681", 2);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "10H"));
  engine->operating_rounds = 3;
  engine->players[3].cash += engine->bank - 5;
  engine->bank = 5;
  start_or (engine);
  while (!engine->bank_broken && guard++ < 50)
    auto_act (engine);
  /* broken by RCS's payout in OR 1 of 3: the set goes on */
  g_assert_true (engine->bank_broken);
  g_assert_false (engine->finished);
  g_assert_cmpint (engine->round.kind, ==, K49_ROUND_OPERATING);
  g_assert_cmpint (engine->round.round_num, ==, 2);
  for (guard = 0; !engine->finished && guard < 200; guard++)
    {
      g_assert_cmpint (engine->round.kind, ==, K49_ROUND_OPERATING);
      auto_act (engine);
    }
  g_assert_true (engine->finished);
  g_assert_cmpint (engine->end_reason, ==, KOL_GAME_END_BANK);
  g_assert_cmpint (engine->round.round_num, ==, 3);
}

/* ------------------------------------------------------ variants (§14) */

/* §14.1: from Phase 6 a corporation may buy, once per turn, another
 * corporation's station token (not its home one, and not its last) in a
 * city it reaches, for at least L.1 paid to that corporation. */
static void
test_variant_buy_token (void)
{
  const char *opts[] = { KOL_1849_OPT_BUY_TOKENS, NULL };
  g_autoptr(KolTitle) t = load_opts (4, opts);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  g_autoptr(KolEngine) early = NULL;
  int afg = corp (engine, "AFG"), ctl = corp (engine, "CTL"), trapani = hex (engine, "C1");
  KolAction *a;

  start_corp (engine, "CTL", 0, 100);              /* Marsala, joined to Trapani */
  start_corp (engine, "AFG", 1, 68);
  kol_board_place_token (engine, afg, 0, hex (engine, "B14"), 0, -1);
  engine->corps[afg].tokens[0].used = TRUE;
  kol_board_place_token (engine, afg, 1, trapani, 0, -1);
  engine->corps[afg].tokens[1].used = TRUE;
  engine->corps[ctl].cash = 300;
  engine->bank -= 300;
  early = kol_engine_copy (engine);

  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "6H"));
  start_or (engine);
  advance_to (engine, "Buy a Token From Another Corporation");
  g_assert_true (kol_entity_equal (cur (engine), C (engine, "CTL")));
  g_assert_nonnull ((a = find_legal (engine, KOL_ACTION_BUY_TOKEN, NULL)));
  g_assert_cmpint (a->hex, ==, trapani);
  a->price = 0;
  apply_refused (engine, kol_action_copy (a), KOL_ENGINE_ERROR_NO_CASH, KOL_REASON_NONE);
  a->price = 25;
  apply_ok (engine, a);
  /* §14.1: «соглашение с президентом другой корпорации» */
  g_assert_false (kol_board_hex_tokened_by (engine, trapani, ctl));
  g_assert_true (kol_entity_equal (cur (engine), P (1)));
  apply_ok (engine, choose (P (1), KOL_CONSENT_ACCEPT));
  g_assert_true (kol_board_hex_tokened_by (engine, trapani, ctl));
  g_assert_false (kol_board_hex_tokened_by (engine, trapani, afg));
  g_assert_cmpint (engine->corps[ctl].cash, ==, 275);
  g_assert_cmpint (engine->corps[afg].cash, ==, 25);

  /* not before Phase 6 */
  start_or (early);
  advance_to (early, "Buy a Token From Another Corporation");
  a = act (KOL_ACTION_BUY_TOKEN, C (early, "CTL"));
  a->hex = (gint16) trapani;
  a->price = 25;
  apply_refused (early, a, KOL_ENGINE_ERROR_TOKEN, K49_REASON_TOKEN_NOT_BUYABLE);
}

/* §14.2: from Phase 8 a corporation may issue one L.500 bond (price one
 * column left), pays L.50 interest a turn (its president raising what it
 * lacks), repays it later (one column right); a share of a corporation
 * with a bond is worth L.100 less at the end, not below L.0. */
static void
test_variant_bonds (void)
{
  const char *opts[] = { KOL_1849_OPT_BONDS, NULL };
  g_autoptr(KolTitle) t = load_opts (4, opts);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  g_autoptr(KolEngine) gc = NULL;
  g_autoptr(KolEngine) crisis = NULL;
  int rcs = corp (engine, "RCS"), cash, p0;
  KolCell cell;

  start_corp (engine, "RCS", 0, 100);
  give_train (engine, "8H-0", "RCS");
  start_or (engine);
  while (engine->round.kind == K49_ROUND_OPERATING)
    {
      g_assert_cmpint (count_legal (engine, KOL_ACTION_TAKE_LOAN), ==, 0);
      auto_act (engine);
    }

  /* Phase 8 (no route: RCS withholds, its price drifts left) */
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "8H"));
  start_or (engine);
  advance_to (engine, "Issue or Repay Bond");
  g_assert_cmpint (count_legal (engine, KOL_ACTION_TAKE_LOAN), ==, 1);
  g_assert_cmpint (count_legal (engine, KOL_ACTION_PAYOFF_LOAN), ==, 0);
  /* exports name 18xx.games' one Loan object, id 0 */
  {
    g_autoptr(KolAction) take = find_legal (engine, KOL_ACTION_TAKE_LOAN, NULL);

    g_assert_cmpint (take->loan, ==, 0);
  }
  cash = engine->corps[rcs].cash;
  cell = kol_market_corp_cell (engine, rcs);
  apply_ok (engine, act (KOL_ACTION_TAKE_LOAN, C (engine, "RCS")));
  g_assert_cmpint (engine->corps[rcs].cash, ==, cash + 500);
  g_assert_cmpint (engine->corps[rcs].loans, ==, 1);
  g_assert_cmpint (kol_market_corp_cell (engine, rcs).col, ==, cell.col - 1);
  /* P1's 20% at less than L.100 − L.100: worth L.0 by the rulebook;
   * 18xx.games counts price − 100 per share, below zero too */
  p0 = price_of (engine, "RCS");
  g_assert_cmpint (p0, <, 100);
  g_assert_cmpint (engine->module->player_value (engine, 0), ==, engine->players[0].cash);
  gc = kol_engine_copy (engine);
  kol_1849_state (gc)->compat = TRUE;   /* as loaded with KOL_1849_OPT_COMPAT */
  g_assert_cmpint (gc->module->player_value (gc, 0), ==, engine->players[0].cash + 2 * (p0 - 100));

  /* the next turn: L.50 interest; repaying needs L.500, one bond at most:
   * nothing to do */
  cash = engine->corps[rcs].cash;
  start_or (engine);
  while (engine->round.kind == K49_ROUND_OPERATING)
    {
      g_assert_cmpstr (active_step_name (engine), !=, "Issue or Repay Bond");
      auto_act (engine);
    }
  g_assert_cmpint (engine->corps[rcs].cash, ==, cash - 50);
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), C (engine, "RCS"), 550 - engine->corps[rcs].cash);
  crisis = kol_engine_copy (engine);
  start_or (engine);
  advance_to (engine, "Issue or Repay Bond");
  g_assert_cmpint (engine->corps[rcs].cash, ==, 500);
  g_assert_cmpint (count_legal (engine, KOL_ACTION_PAYOFF_LOAN), ==, 1);
  cell = kol_market_corp_cell (engine, rcs);
  apply_ok (engine, act (KOL_ACTION_PAYOFF_LOAN, C (engine, "RCS")));
  g_assert_cmpint (engine->corps[rcs].cash, ==, 0);
  g_assert_cmpint (engine->corps[rcs].loans, ==, 0);
  g_assert_cmpint (kol_market_corp_cell (engine, rcs).col, ==, cell.col + 1);

  /* the interest it cannot pay: its president pays the rest */
  kol_engine_transfer (crisis, C (crisis, "RCS"), kol_entity (KOL_ENTITY_BANK, 0), 550 - 20);
  cash = crisis->players[0].cash;
  start_or (crisis);
  advance_to (crisis, "Emergency Money Raising");
  g_assert_cmpint (crisis->corps[rcs].cash, ==, -30);
  g_assert_cmpstr (active_step_name (crisis), ==, "Emergency Money Raising");
  g_assert_true (kol_entity_equal (cur (crisis), C (crisis, "RCS")));
  g_assert_true (has_legal (crisis, KOL_ACTION_PAYOFF_DEBT, NULL));
  apply_ok (crisis, act (KOL_ACTION_PAYOFF_DEBT, P (0)));
  g_assert_cmpint (crisis->corps[rcs].cash, ==, 0);
  g_assert_cmpint (crisis->players[0].cash, ==, cash - 30);
}

/* §14.3: from Phase 12 a corporation may buy one E-token (the first
 * L.1,100, later ones L.800; L.800 and L.550 in Phase 16) and needs one to
 * buy E trains. */
static void
test_variant_e_tokens (void)
{
  /* Electric Dreams needs the other two variants (game.json) */
  const char *opts[] = { KOL_1849_OPT_BONDS, KOL_1849_OPT_BUY_TOKENS, KOL_1849_OPT_ELECTRIC, NULL };
  g_autoptr(KolTitle) t = load_opts (4, opts);
  g_autoptr(KolEngine) engine = game_new (t, 3);
  int rcs = corp (engine, "RCS"), e = kol_engine_train_by_id (engine, "E-0");
  KolAction *a;

  start_corp (engine, "RCS", 0, 100);
  give_train (engine, "12H-0", "RCS");
  engine->corps[rcs].cash = 1200;
  engine->bank -= 1200;
  depot_from (engine, "16H-0");
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "12H"));
  g_assert_cmpint (kol_1849_e_token_cost (engine), ==, 1100);
  g_assert_false (kol_operating_hooks (engine)->train_buyable (engine, rcs, e));
  start_or (engine);
  advance_to (engine, "Buy E-Token");
  g_assert_nonnull ((a = find_legal (engine, KOL_ACTION_CHOOSE, "Buy E-Token for L.1100")));
  apply_ok (engine, a);
  g_assert_cmpint (engine->corps[rcs].cash, ==, 100);
  g_assert_true (kol_1849_corp (engine, rcs)->e_token);
  g_assert_true (kol_operating_hooks (engine)->train_buyable (engine, rcs, e));
  g_assert_cmpint (kol_1849_e_token_cost (engine), ==, 800);
  kol_engine_set_phase (engine, kol_title_phase_by_name (t, "16H"));
  g_assert_cmpint (kol_1849_e_token_cost (engine), ==, 550);
  kol_1849_state (engine)->e_token_sold = FALSE;
  g_assert_cmpint (kol_1849_e_token_cost (engine), ==, 800);
}

/* ------------------------------------------------------------- main */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/1849/setup/order", test_setup_order);
  g_test_add_func ("/1849/setup/delay-ift", test_setup_delay_ift);
  g_test_add_func ("/1849/setup/counts", test_setup_counts);
  g_test_add_func ("/1849/setup/electric-dreams", test_setup_electric);
  g_test_add_func ("/1849/auction/example", test_auction_example);
  g_test_add_func ("/1849/auction/sce-price-drop", test_auction_sce_drop);
  g_test_add_func ("/1849/auction/unsold-income", test_auction_unsold_income);
  g_test_add_func ("/1849/auction/rsa", test_auction_rsa);
  g_test_add_func ("/1849/stock/founding-example", test_stock_founding_example);
  g_test_add_func ("/1849/stock/par-prices", test_stock_par_prices);
  g_test_add_func ("/1849/stock/selling", test_stock_selling);
  g_test_add_func ("/1849/stock/limits", test_stock_limits);
  g_test_add_func ("/1849/stock/pool-limit", test_stock_pool_limit);
  g_test_add_func ("/1849/stock/last-certificate", test_stock_last_certificate);
  g_test_add_func ("/1849/stock/president-example-1", test_stock_president_example_1);
  g_test_add_func ("/1849/stock/president-example-2", test_stock_president_example_2);
  g_test_add_func ("/1849/stock/president-example-3", test_stock_president_example_3);
  g_test_add_func ("/1849/stock/president-dump", test_stock_president_dump);
  g_test_add_func ("/1849/stock/round-end", test_stock_round_end);
  g_test_add_func ("/1849/stock/market-blue-zone", test_market_blue_zone);
  g_test_add_func ("/1849/stock/garibaldi-home", test_stock_garibaldi_home);
  g_test_add_func ("/1849/stock/garibaldi-deferred", test_stock_garibaldi_deferred);
  g_test_add_func ("/1849/operating/order", test_operating_order);
  g_test_add_func ("/1849/operating/terrain-costs", test_operating_terrain_costs);
  g_test_add_func ("/1849/operating/gauge", test_operating_gauge);
  g_test_add_func ("/1849/operating/sce-blocks-acireale", test_operating_sce_blocks);
  g_test_add_func ("/1849/operating/routes", test_operating_routes);
  g_test_add_func ("/1849/operating/dual-gauge-entered", test_operating_dual_gauge);
  g_test_add_func ("/1849/operating/best-revenue", test_operating_best_revenue);
  g_test_add_func ("/1849/operating/payouts", test_operating_payouts);
  g_test_add_func ("/1849/operating/train-limits", test_operating_train_limits);
  g_test_add_func ("/1849/operating/buy-company", test_operating_buy_company);
  g_test_add_func ("/1849/operating/consent-company", test_consent_company);
  g_test_add_func ("/1849/operating/consent-compat", test_consent_compat);
  g_test_add_func ("/1849/operating/consent-train", test_consent_train);
  g_test_add_func ("/1849/operating/sms", test_operating_sms);
  g_test_add_func ("/1849/operating/emergency", test_operating_emergency);
  g_test_add_func ("/1849/operating/bankrupt", test_operating_bankrupt);
  g_test_add_func ("/1849/operating/bankrupt-only-when-buying", test_bankrupt_only_when_buying);
  g_test_add_func ("/1849/operating/issue-redeem", test_operating_issue_redeem);
  g_test_add_func ("/1849/operating/closing", test_closing);
  g_test_add_func ("/1849/operating/closing-frees-token-circle", test_closing_frees_token_circle);
  g_test_add_func ("/1849/operating/closing-own-turn", test_closing_own_turn);
  g_test_add_func ("/1849/events/earthquake", test_events_earthquake);
  g_test_add_func ("/1849/game-end/377", test_game_end_377);
  g_test_add_func ("/1849/game-end/bank", test_game_end_bank);
  g_test_add_func ("/1849/variants/buy-token", test_variant_buy_token);
  g_test_add_func ("/1849/variants/bonds", test_variant_bonds);
  g_test_add_func ("/1849/variants/bond-on-close", test_variant_bond_on_close);
  g_test_add_func ("/1849/variants/e-tokens", test_variant_e_tokens);

  return g_test_run ();
}
