/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

#include <string.h>

/*
 * The standard module: setup, the sequence of rounds (18xx.games G1830's
 * init_round, stock_round and operating_round), events, the end of the
 * game and the invariants of self-play.
 */

extern const KolTitleWords kol_std_words;

/* ----------------------------------------------------------------- checks */

static gboolean
check_title (const KolTitle *title,
             KolTitleCheck  *check)
{
  g_autofree KolStdConfig *cfg = g_new0 (KolStdConfig, 1);

  return kol_std_config_read (title, cfg, check);
}

static gboolean
check_config (const KolTitle *title,
              GError        **error)
{
  g_autofree KolStdConfig *cfg = g_new0 (KolStdConfig, 1);

  if (kol_std_config_read (title, cfg, NULL))
    return TRUE;
  g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
               "the standard rules module cannot play this title (koleya-cli validate says why)");
  return FALSE;
}

/* ------------------------------------------------------------------ setup */

static gboolean
setup (KolEngine  *engine,
       GError    **error)
{
  KolStdState *st = kol_std_state (engine);

  memset (st, 0, sizeof *st);
  if (!kol_std_config_read (engine->title, &st->cfg, NULL))
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "the standard rules module cannot play this title");
      return FALSE;
    }
  kol_std_fill_hooks (engine);
  kol_std_start_first_round (engine);
  kol_round_setup (engine);
  return TRUE;
}

/* ----------------------------------------------------------------- rounds */

static const KolStepClass *const stock_steps[] = {
  &kol_step_discard_train,
  &kol_std_step_exchange,
  &kol_step_buy_sell_par_shares,
};

/**
 * kol_std_start_stock_round:
 *
 * The stock round (as 1830's): discard trains, exchanges of private
 * companies, then buy and sell shares.
 */
void
kol_std_start_stock_round (KolEngine *engine)
{
  memset (kol_std_state (engine)->closed_recently, 0, sizeof kol_std_state (engine)->closed_recently);
  kol_round_start (engine, &kol_round_stock, KOL_STD_ROUND_STOCK, 1, stock_steps, NULL,
                   G_N_ELEMENTS (stock_steps));
}

/* The consent step first, so that nothing else happens while an offer
 * waits for its answer. */
static const KolStepClass *const operating_steps[] = {
  &kol_step_consent,
  &kol_step_bankrupt,
  &kol_std_step_special_track,
  &kol_std_step_special_token,
  &kol_step_buy_company,
  &kol_step_home_token,
  &kol_step_track,
  &kol_step_token,
  &kol_step_route,
  &kol_step_dividend,
  &kol_step_discard_train,
  &kol_step_buy_train,
  &kol_step_buy_company,
};

static const gint16 operating_opts[G_N_ELEMENTS (operating_steps)] = {
  [G_N_ELEMENTS (operating_steps) - 1] = KOL_BUY_COMPANY_BLOCKS,
};

/**
 * kol_std_start_operating_round:
 *
 * The operating round (as 1830's): a corporation's turn.
 */
void
kol_std_start_operating_round (KolEngine *engine,
                               int        round_num)
{
  gint16 opts[G_N_ELEMENTS (operating_steps)];

  /* rules.train_purchase.from_others: "with_consent" asks the seller's
   * owner (of another corporation's train, of a player's private company),
   * "any" does not */
  memcpy (opts, operating_opts, sizeof opts);
  opts[0] = kol_std_config (engine)->from_others == KOL_STD_FROM_OTHERS_WITH_CONSENT ? KOL_CONSENT_ASK
                                                                                      : KOL_CONSENT_AUTO_ACCEPT;
  kol_round_start (engine, &kol_round_operating, KOL_STD_ROUND_OPERATING, round_num, operating_steps, opts,
                   G_N_ELEMENTS (operating_steps));
}

static void
next_round (KolEngine *engine)
{
  static const KolRoundCycle cycle = {
    .start_stock = kol_std_start_stock_round,
    .start_operating = kol_std_start_operating_round,
  };

  kol_round_cycle_next (engine, &cycle);
}

/* ----------------------------------------------------------------- events */

static void
event (KolEngine  *engine,
       const char *name)
{
  if (g_str_equal (name, "close_companies"))
    kol_default_event_close_companies (engine);
}

static void
phase_changed (KolEngine *engine,
               int        phase)
{
  kol_std_close_on_phase (engine, phase);
}

/* After each action: corporations on a closing cell close. */
static void
action_processed (KolEngine       *engine,
                  const KolAction *a)
{
  kol_stock_action_processed (engine);
}

/* ---------------------------------------------------------------- game end */

/* The ends of the game: a bankrupt player ends the game at once, a
 * corporation on an "e" cell and a broken bank when the data says, the
 * fixed round at the end of its set of operating rounds. */
static int
game_end_check (KolEngine *engine,
                int       *reason)
{
  KolStdState *st = kol_std_state (engine);
  const KolStdConfig *cfg = &st->cfg;
  const KolGameEndCheck checks[] = {
    { KOL_GAME_END_BANKRUPT, KOL_END_TIMING_IMMEDIATE },
    { KOL_GAME_END_STOCK_MARKET, cfg->end_market },
    { KOL_GAME_END_BANK, cfg->end_bank },
    { KOL_GAME_END_FIXED_ROUND, KOL_END_TIMING_FULL_OR },
  };
  guint32 hits = 0;

  for (int p = 0; p < engine->n_players; p++)
    if (engine->players[p].bankrupt)
      hits |= 1u << 0;
  if (st->market_end)
    hits |= 1u << 1;
  if (engine->bank_broken)
    hits |= 1u << 2;
  if (cfg->end_after_or_set > 0 && engine->turn >= cfg->end_after_or_set && engine->round.klass &&
      engine->round.klass->operating)
    hits |= 1u << 3;
  kol_game_end_update (checks, G_N_ELEMENTS (checks), hits, &st->end_reason, &st->end_timing);
  *reason = st->end_reason;
  engine->end_timing = st->end_timing;
  return st->end_timing;
}

/* ------------------------------------------------------------- invariants */

static gboolean
check_invariants (KolEngine *engine,
                  GString   *problems)
{
  const KolStdConfig *cfg = kol_std_config (engine);
  gboolean ok = TRUE;

  if (engine->title->bank >= 0)
    ok = kol_invariants_money (engine, engine->title->bank, problems);
  ok = kol_invariants_certs (engine, cfg->max_pool_percent, problems) && ok;
  ok = kol_invariants_tiles (engine, problems) && ok;
  ok = kol_invariants_tokens (engine, NULL, problems) && ok;
  for (int p = 0; p < engine->n_players; p++)
    for (int c = 0; c < engine->n_corps; c++)
      if (kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, p), c) > cfg->max_player_percent &&
          !engine->corps[c].closed)
        {
          g_string_append_printf (problems, "%s%s holds more than %d%% of %s", problems->len ? "; " : "",
                                  engine->players[p].name, cfg->max_player_percent, engine->title->corps[c].id);
          ok = FALSE;
        }
  return ok;
}

/* ----------------------------------------------------------------- module */

static gconstpointer
game_hooks (const KolEngine *engine,
            KolHookTable     table)
{
  KolStdState *st = kol_std_state (engine);

  return table == KOL_HOOKS_STOCK ? (gconstpointer) &st->stock_hooks : (gconstpointer) &st->operating_hooks;
}

const KolTitleModule kol_title_module_standard = {
  .id = "standard",
  .state_size = sizeof (KolStdState),
  .check_config = check_config,
  .check_title = check_title,
  .setup = setup,
  .next_round = next_round,
  .game_end_check = game_end_check,
  .player_value = kol_default_player_value,
  .event = event,
  .phase_changed = phase_changed,
  .action_processed = action_processed,
  .check_invariants = check_invariants,
  .board_hooks = &kol_std_board_hooks,
  .market_hooks = &kol_std_market_hooks,
  .route_hooks = &kol_std_route_hooks,
  .game_hooks = game_hooks,
  .words = &kol_std_words,
};
