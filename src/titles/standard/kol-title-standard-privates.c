/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

/*
 * Private companies under the standard module: the first round that sells
 * them, and their abilities from the standard set (data/games/README.md):
 * revenue (the engine's), blocks_hex, tile_lay, token, exchange, close and
 * no_buy.
 */

/* ----------------------------------------------------------- abilities */

static const KolStdAbilities *
abilities (KolEngine *engine,
           int        company)
{
  return &kol_std_config (engine)->abilities[company];
}

/* Does the owner of @company have the kind of owner @a asks for? */
static gboolean
owner_fits (KolEngine           *engine,
            int                  company,
            const KolStdAbility *a)
{
  const KolCompany *c = &engine->companies[company];

  if (c->closed)
    return FALSE;
  return a->corp_owned ? c->owner.kind == KOL_ENTITY_CORP : c->owner.kind == KOL_ENTITY_PLAYER;
}

/**
 * kol_std_hex_blocked:
 *
 * Returns: %TRUE when a private company with blocks_hex on @hex is held by
 *   the kind of owner it names (1830's privates block their hex until a
 *   corporation buys them).
 */
gboolean
kol_std_hex_blocked (KolEngine *engine,
                     int        hex)
{
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        {
          const KolStdAbility *a = &list->a[i];

          if (a->type != KOL_STD_ABILITY_BLOCKS_HEX || !owner_fits (engine, c, a))
            continue;
          for (int h = 0; h < a->n_hexes; h++)
            if (a->hexes[h] == hex)
              return TRUE;
        }
    }
  return FALSE;
}

/**
 * kol_std_company_buyable:
 *
 * Game#purchasable_companies' filter: no company with no_buy.
 */
gboolean
kol_std_company_buyable (KolEngine *engine,
                         int        corp,
                         int        company)
{
  const KolStdAbilities *list = abilities (engine, company);

  for (int i = 0; i < list->n; i++)
    if (list->a[i].type == KOL_STD_ABILITY_NO_BUY)
      return FALSE;
  return TRUE;
}

static void
close_company (KolEngine *engine,
               int        company)
{
  KolArg args[1] = { kol_arg_int (KOL_ARG_COMPANY, company) };

  if (engine->companies[company].closed)
    return;
  kol_engine_close_company (engine, company);
  kol_engine_log (engine, KOL_LOG_COMPANY_CLOSES, args, 1);
}

/**
 * kol_std_close_companies_on_event:
 *
 * Game#close_companies_on_event!: "bought_train" closes the companies whose
 * close ability names @corp (or any corporation) and that @corp owns or
 * whose corporation it is.
 */
void
kol_std_close_companies_on_event (KolEngine  *engine,
                                  int         corp,
                                  const char *event)
{
  if (g_strcmp0 (event, "bought_train") != 0)
    return;
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        {
          const KolStdAbility *a = &list->a[i];
          KolEntity owner = engine->companies[c].owner;

          if (a->type != KOL_STD_ABILITY_CLOSE || a->when != KOL_STD_CLOSE_BOUGHT_TRAIN)
            continue;
          if (a->corporation >= 0 ? a->corporation == corp
                                  : owner.kind == KOL_ENTITY_CORP && owner.index == corp)
            close_company (engine, c);
        }
    }
}

/**
 * kol_std_close_on_phase:
 *
 * Closes the companies whose close ability names phase @phase.
 */
void
kol_std_close_on_phase (KolEngine *engine,
                        int        phase)
{
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        if (list->a[i].type == KOL_STD_ABILITY_CLOSE && list->a[i].when == KOL_STD_CLOSE_PHASE &&
            list->a[i].phase == phase)
          close_company (engine, c);
    }
}

/**
 * kol_std_company_bought:
 *
 * Game#company_bought: companies that close when a corporation buys them.
 */
void
kol_std_company_bought (KolEngine *engine,
                        int        company,
                        int        corp)
{
  const KolStdAbilities *list = abilities (engine, company);

  for (int i = 0; i < list->n; i++)
    if (list->a[i].type == KOL_STD_ABILITY_CLOSE && list->a[i].when == KOL_STD_CLOSE_BOUGHT_BY_CORPORATION)
      close_company (engine, company);
}

/**
 * kol_std_corp_has_abilities:
 *
 * Returns: %TRUE when @corp owns a company with an ability it may use now
 *   (a blocking BuyCompany step then offers a pass).
 */
gboolean
kol_std_corp_has_abilities (KolEngine *engine,
                            int        corp)
{
  return FALSE;
}

/* ----------------------------------------------------------- first round */

static const KolStepClass *const waterfall_steps[] = {
  &kol_step_company_pending_par,
  &kol_step_waterfall_auction,
};

/**
 * kol_std_start_first_round:
 *
 * The first round sells the private companies: a waterfall auction (1830)
 * or a sale at fixed prices. Without privates the game starts with a stock
 * round.
 */
void
kol_std_start_first_round (KolEngine *engine)
{
  switch (kol_std_config (engine)->first_round)
    {
    case KOL_STD_FIRST_WATERFALL:
      kol_round_start (engine, &kol_round_auction, KOL_STD_ROUND_FIRST, 1, waterfall_steps, NULL,
                       G_N_ELEMENTS (waterfall_steps));
      break;
    default:
      kol_std_start_stock_round (engine);
      break;
    }
}
