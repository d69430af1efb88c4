/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine.h"
#include "kol-engine-board.h"
#include "kol-engine-market.h"
#include "kol-engine-round.h"

#include <string.h>

/* ------------------------------------------------------------ title modules */

/* A module with no rules: a board to look at (tests, the editor, validate).
 * A title whose module the registry did not resolve plays with it. */
static const KolTitleModule generic_module = {
  .id = "generic",
};

/* ----------------------------------------------------------------- refusals */

/**
 * kol_engine_refuse:
 * @engine: the game
 * @error: return location for a #GError
 * @code: the refusal code
 * @args: (array length=n_args): typed arguments for a translated message
 * @n_args: number of arguments
 * @format: developer-English message
 *
 * Records a refusal in @engine->refusal and sets @error.
 *
 * Returns: %FALSE, so that callers can `return kol_engine_refuse (…)`.
 */
gboolean
kol_engine_refuse (KolEngine       *engine,
                   GError         **error,
                   KolEngineError   code,
                   const KolArg    *args,
                   guint            n_args,
                   const char      *format,
                                    ...)
{
  va_list ap;
  char *msg;

  memset (&engine->refusal, 0, sizeof engine->refusal);
  engine->refusal.code = code;
  engine->refusal.n_args = MIN (n_args, KOL_REFUSAL_MAX_ARGS);
  for (guint i = 0; i < engine->refusal.n_args; i++)
    engine->refusal.args[i] = args[i];

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, KOL_ENGINE_ERROR, code, msg);
  g_free (msg);
  return FALSE;
}

/* ---------------------------------------------------------------- creation */

static void
init_certs (KolEngine *engine)
{
  const KolTitle *t = engine->title;

  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];

      engine->corp_first_cert[c] = (gint16) engine->n_certs;
      for (int i = 0; i < def->n_shares && engine->n_certs < KOL_MAX_CERTS; i++)
        {
          KolCert *cert = &engine->certs[engine->n_certs++];

          cert->corp = (gint16) c;
          cert->index = (guint8) i;
          cert->percent = def->shares[i];
          cert->president = i == 0;
          cert->buyable = TRUE;
          cert->owner = kol_entity (KOL_ENTITY_CORP, (int) c);
          cert->seq = ++engine->seq;
        }
    }
}

static void
init_corps (KolEngine *engine)
{
  const KolTitle *t = engine->title;

  engine->n_corps = (int) t->n_corps;
  engine->n_corp_order = (int) t->n_corps;
  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];
      KolCorp *corp = &engine->corps[c];

      corp->price_row = corp->price_col = -1;
      corp->par_row = corp->par_col = -1;
      corp->owner = KOL_ENTITY_INIT_NONE;
      corp->n_tokens = MIN (def->n_tokens, KOL_MAX_CORP_TOKENS);
      for (int i = 0; i < corp->n_tokens; i++)
        {
          corp->tokens[i].hex = -1;
          corp->tokens[i].slot = -1;
          corp->tokens[i].price = def->token_costs[i];
        }
      corp->order_seq = c;
      engine->corp_order[c] = (gint16) c;
    }
  init_certs (engine);
}

static void
init_companies (KolEngine *engine)
{
  const KolTitle *t = engine->title;

  engine->n_companies = (int) t->n_companies;
  for (guint i = 0; i < t->n_companies; i++)
    {
      engine->companies[i].owner = KOL_ENTITY_INIT_NONE;
      engine->companies[i].value = t->companies[i].value;
      engine->companies[i].revenue = t->companies[i].revenue;
    }
}

static void
init_trains (KolEngine *engine)
{
  const KolTitle *t = engine->title;

  for (guint d = 0; d < t->n_trains; d++)
    {
      int n = t->trains[d].count < 0 ? 1 : t->trains[d].count;

      for (int c = 0; c < n && engine->n_trains < KOL_MAX_TRAINS; c++)
        {
          KolTrain *train = &engine->trains[engine->n_trains++];

          train->def = (gint16) d;
          train->copy = (gint16) c;
          train->owner = kol_entity (KOL_ENTITY_BANK, 0);
          train->in_depot = TRUE;
          train->seq = ++engine->seq;
        }
    }
}

static void
init_hexes (KolEngine *engine)
{
  const KolTitle *t = engine->title;

  for (guint h = 0; h < t->n_hexes; h++)
    {
      KolHexState *hs = &engine->hexes[h];

      hs->tile = t->hexes[h].tile;
      hs->copy = -1;
      hs->rotation = t->hexes[h].rotation;
      for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
        {
          hs->slot_token[s] = -1;
          hs->slot_reserved[s] = -1;
        }
    }
  for (guint c = 0; c < KOL_MAX_TILE_COPIES; c++)
    engine->copy_hex[c] = -1;

  /* every corporation with a home hex reserves its home city from the
   * start; a title's setup removes the reservations it does not want */
  for (guint c = 0; c < t->n_corps; c++)
    if (t->corps[c].home >= 0)
      kol_board_reserve (engine, t->corps[c].home, MAX (t->corps[c].home_city, 0), (int) c);
}

static void
init_players (KolEngine   *engine,
              int          n_players,
              const int   *ids,
              const char **names)
{
  engine->n_players = n_players;
  for (int i = 0; i < n_players; i++)
    {
      KolPlayer *p = &engine->players[i];

      p->id = ids ? ids[i] : i + 1;
      g_strlcpy (p->name, names && names[i] ? names[i] : "", sizeof p->name);
      if (p->name[0] == '\0')
        g_snprintf (p->name, sizeof p->name, "Player %d", i + 1);
    }
}

static void
give_starting_cash (KolEngine *engine)
{
  for (int i = 0; i < engine->n_players; i++)
    kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0),
                       kol_entity (KOL_ENTITY_PLAYER, i), engine->title->starting_cash);
}

/**
 * kol_engine_new:
 * @title: the title, resolved for @n_players and the options (not owned)
 * @n_players: number of players
 * @player_ids: (nullable): player ids in seating order
 * @player_names: (nullable): player names in seating order
 * @seed: the seed of the game's random draws
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a new game after setup, or %NULL.
 */
KolEngine *
kol_engine_new (const KolTitle  *title,
                int              n_players,
                const int       *player_ids,
                const char     **player_names,
                gint64           seed,
                GError         **error)
{
  g_autoptr(KolEngine) engine = NULL;

  g_return_val_if_fail (title != NULL, NULL);

  if (n_players < 1 || n_players > KOL_MAX_PLAYERS)
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "%d players is not a valid player count", n_players);
      return NULL;
    }

  engine = g_new0 (KolEngine, 1);
  engine->title = title;
  engine->module = title->module != NULL ? title->module : &generic_module;
  if (engine->module->state_size > KOL_TITLE_STATE_SIZE)
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INTERNAL,
                   "title state of %s is too large", engine->module->id);
      return NULL;
    }
  if (engine->module->check_config && !engine->module->check_config (title, error))
    return NULL;

  engine->seed = seed;
  engine->rng = (guint32) (((seed % 2147483648LL) + 2147483648LL) % 2147483648LL);
  engine->bank = title->bank < 0 ? 0 : title->bank;
  engine->priority_deal = 0;
  engine->turn = 1;
  engine->phase = 0;
  engine->operating_rounds = title->phases[0].operating_rounds;

  init_players (engine, n_players, player_ids, player_names);
  for (int i = 0; i < n_players; i++)
    engine->player_order[i] = (gint8) i;
  init_companies (engine);
  init_corps (engine);
  init_trains (engine);
  give_starting_cash (engine);
  init_hexes (engine);

  if (engine->module->setup && !engine->module->setup (engine, error))
    return NULL;
  return g_steal_pointer (&engine);
}

/**
 * kol_engine_copy:
 *
 * Returns: (transfer full): a copy of @engine sharing its title.
 */
KolEngine *
kol_engine_copy (const KolEngine *engine)
{
  return g_memdup2 (engine, sizeof *engine);
}

/**
 * kol_engine_copy_into:
 *
 * Overwrites @dest with the state of @src.
 */
void
kol_engine_copy_into (KolEngine       *dest,
                      const KolEngine *src)
{
  if (dest != src)
    memcpy (dest, src, sizeof *dest);
}

/**
 * kol_engine_free:
 *
 * Frees a game (not its title).
 */
void
kol_engine_free (KolEngine *engine)
{
  g_free (engine);
}

/* -------------------------------------------------------------------- rand */

/**
 * kol_engine_rand:
 *
 * The next number of the linear congruential generator 18xx.games seeds its
 * random draws with: the same seed must give recorded games the same draws.
 * Exact in 64-bit arithmetic.
 *
 * Returns: the new state, in [0, 2^31).
 */
guint32
kol_engine_rand (KolEngine *engine)
{
  guint64 next = ((guint64) 1103515245u * engine->rng + 12345u) % 2147483648u;

  engine->rng = (guint32) next;
  return engine->rng;
}

/* -------------------------------------------------------------------- cash */

static int *
cash_slot (KolEngine *engine,
           KolEntity  e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return &engine->players[e.index].cash;
    case KOL_ENTITY_CORP:
      return &engine->corps[e.index].cash;
    case KOL_ENTITY_BANK:
    case KOL_ENTITY_POOL:
      return &engine->bank;
    default:
      return NULL;
    }
}

/**
 * kol_engine_cash:
 *
 * Returns: the cash of @e (the bank's for the bank and the pool).
 */
int
kol_engine_cash (const KolEngine *engine,
                 KolEntity        e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return engine->players[e.index].cash;
    case KOL_ENTITY_CORP:
      return engine->corps[e.index].cash;
    case KOL_ENTITY_BANK:
    case KOL_ENTITY_POOL:
      return engine->bank;
    default:
      return 0;
    }
}

/**
 * kol_engine_add_cash:
 *
 * Adds @amount (may be negative) to @e without a counterpart; for setup and
 * title ledgers only.
 */
void
kol_engine_add_cash (KolEngine *engine,
                     KolEntity  e,
                     int        amount)
{
  int *slot = cash_slot (engine, e);

  if (slot)
    *slot += amount;
}

/**
 * kol_engine_transfer:
 *
 * Moves @amount from @from to @to. The bank may go negative: an unlimited bank
 * does so by design, a limited one breaks (KolEngine.bank_broken, which a
 * title's end of game check reads).
 */
void
kol_engine_transfer (KolEngine *engine,
                     KolEntity  from,
                     KolEntity  to,
                     int        amount)
{
  int *src = cash_slot (engine, from);
  int *dst = cash_slot (engine, to);

  if (amount == 0 || src == dst)
    return;
  if (src == &engine->bank && engine->title->bank >= 0 && engine->bank - amount < 0)
    engine->bank_broken = TRUE;
  if (src)
    *src -= amount;
  if (dst)
    *dst += amount;
}

/* -------------------------------------------------------------- certificates */

/**
 * kol_engine_cert_id:
 *
 * Returns: (transfer full): the id of certificate @cert, "<corporation>_<index>"
 * ("ATA_3"), as 18xx.games records name it.
 */
char *
kol_engine_cert_id (const KolEngine *engine,
                    int              cert)
{
  const KolCert *c = &engine->certs[cert];

  return g_strdup_printf ("%s_%u", engine->title->corps[c->corp].id, c->index);
}

/**
 * kol_engine_cert_by_id:
 *
 * Returns: the certificate index for an id such as "ATA_3", or -1.
 */
int
kol_engine_cert_by_id (KolEngine  *engine,
                       const char *id)
{
  const char *sep;
  g_autofree char *corp_id = NULL;
  gint64 index;
  char *end = NULL;
  int corp;

  if (id == NULL || (sep = strrchr (id, '_')) == NULL)
    return -1;
  corp_id = g_strndup (id, (gsize) (sep - id));
  corp = kol_title_corp_by_id (engine->title, corp_id);
  index = g_ascii_strtoll (sep + 1, &end, 10);
  if (corp < 0 || end == sep + 1 || *end != '\0')
    return -1;
  for (int i = 0; i < engine->n_certs; i++)
    if (engine->certs[i].corp == corp && engine->certs[i].index == index)
      return i;
  return -1;
}

/* Holding order is the order of seq (every move takes a new one). The lists
 * are short, or long and already in order (the depot's trains keep the
 * seq of their creation), so a stable insertion sort is linear where it
 * matters and gives the order g_qsort_with_data (stable too) gave, at a
 * fraction of the cost: these lists are built many times per action. */
#define SORT_BY_SEQ(engine, items, out, n)                                \
  G_STMT_START {                                                          \
    for (int i_ = 1; i_ < (n); i_++)                                      \
      {                                                                   \
        gint16 x_ = (out)[i_];                                            \
        guint32 seq_ = (engine)->items[x_].seq;                           \
        int j_ = i_;                                                      \
                                                                          \
        for (; j_ > 0 && (engine)->items[(out)[j_ - 1]].seq > seq_; j_--) \
          (out)[j_] = (out)[j_ - 1];                                      \
        (out)[j_] = x_;                                                   \
      }                                                                   \
  } G_STMT_END

/**
 * kol_engine_corp_certs:
 * @first: (out): the index of @corp's first certificate
 * @end: (out): one past its last
 *
 * The certificates of @corp as the run [*first, *end) of engine->certs:
 * init_certs creates them corporation by corporation and nothing reorders
 * them, so the index of each corporation's first one, kept at creation,
 * finds them without a search (the share queries of the stock steps and
 * the bots' evaluations ask many times per action). An empty
 * run for a corporation without certificates or out of range.
 */
void
kol_engine_corp_certs (const KolEngine *engine,
                       int              corp,
                       int             *first,
                       int             *end)
{
  if (corp < 0 || (guint) corp >= engine->title->n_corps)
    {
      *first = *end = 0;
      return;
    }
  /* one certificate per share of the title's corporation, unless the
   * limit cut the list short */
  *first = engine->corp_first_cert[corp];
  *end = MIN (*first + engine->title->corps[corp].n_shares, engine->n_certs);
}

/**
 * kol_engine_certs_of:
 * @holder: the holding entity
 * @corp: a corporation, or -1 for all
 * @out: (out) (array): certificate indices, in holding order
 * @max: size of @out
 *
 * Returns: the number of certificates found.
 */
int
kol_engine_certs_of (const KolEngine *engine,
                     KolEntity        holder,
                     int              corp,
                     gint16          *out,
                     int              max)
{
  int n = 0, first = 0, end = engine->n_certs;

  if (corp >= 0)
    kol_engine_corp_certs (engine, corp, &first, &end);
  for (int i = first; i < end && n < max; i++)
    if (kol_entity_equal (engine->certs[i].owner, holder))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (engine, certs, out, n);
  return n;
}

/**
 * kol_engine_percent_of:
 *
 * Returns: the percentage of @corp held by @holder.
 */
int
kol_engine_percent_of (const KolEngine *engine,
                       KolEntity        holder,
                       int              corp)
{
  int total = 0, first, end;

  kol_engine_corp_certs (engine, corp, &first, &end);
  for (int i = first; i < end; i++)
    if (kol_entity_equal (engine->certs[i].owner, holder))
      total += engine->certs[i].percent;
  return total;
}

/**
 * kol_engine_move_cert:
 *
 * Gives certificate @cert to @to, at the end of @to's holding order.
 */
void
kol_engine_move_cert (KolEngine *engine,
                      int        cert,
                      KolEntity  to)
{
  engine->certs[cert].owner = to;
  engine->certs[cert].seq = ++engine->seq;
}

/**
 * kol_engine_share_percent:
 *
 * Returns: the percentage of one ordinary share of @corp: the second
 * certificate's, else half the president's.
 */
int
kol_engine_share_percent (const KolEngine *engine,
                          int              corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];

  if (def->n_shares > 1)
    return def->shares[1];
  return def->n_shares ? def->shares[0] / 2 : 10;
}

/**
 * kol_engine_president_cert:
 *
 * Returns: the index of @corp's president's certificate, or -1.
 */
int
kol_engine_president_cert (KolEngine *engine,
                           int        corp)
{
  int first, end;

  kol_engine_corp_certs (engine, corp, &first, &end);
  for (int i = first; i < end; i++)
    if (engine->certs[i].president)
      return i;
  return -1;
}

/* ------------------------------------------------------------------ trains */

/**
 * kol_engine_train_id:
 *
 * Returns: (transfer full): the train's id, "<def id>-<copy>".
 */
char *
kol_engine_train_id (const KolEngine *engine,
                     int              train)
{
  const KolTrain *t = &engine->trains[train];

  return g_strdup_printf ("%s-%d", engine->title->trains[t->def].id, t->copy);
}

/**
 * kol_engine_train_by_id:
 *
 * Returns: the train index for an id such as "4H-2", or -1.
 */
int
kol_engine_train_by_id (KolEngine  *engine,
                        const char *id)
{
  for (int i = 0; i < engine->n_trains; i++)
    {
      g_autofree char *tid = kol_engine_train_id (engine, i);

      if (g_strcmp0 (tid, id) == 0)
        return i;
    }
  return -1;
}

/**
 * kol_engine_train_name:
 *
 * Returns: the train's current name (its variant's).
 */
const char *
kol_engine_train_name (const KolEngine *engine,
                       int              train)
{
  const KolTrain *t = &engine->trains[train];
  const KolTrainDef *def = &engine->title->trains[t->def];

  if (t->variant < def->n_variants && def->variants[t->variant].name)
    return def->variants[t->variant].name;
  return def->name;
}

/**
 * kol_engine_train_price:
 *
 * Returns: the train's current price (its variant's).
 */
int
kol_engine_train_price (const KolEngine *engine,
                        int              train)
{
  const KolTrain *t = &engine->trains[train];
  const KolTrainDef *def = &engine->title->trains[t->def];

  if (t->variant < def->n_variants)
    return def->variants[t->variant].price;
  return def->price;
}

/**
 * kol_engine_trains_of:
 * @out: (out) (array): train indices in the owner's order
 *
 * Returns: the number of trains @owner has (for BANK: depot trains, upcoming
 * or not).
 */
int
kol_engine_trains_of (const KolEngine *engine,
                      KolEntity        owner,
                      gint16          *out,
                      int              max)
{
  int n = 0;

  for (int i = 0; i < engine->n_trains && n < max; i++)
    if (kol_entity_equal (engine->trains[i].owner, owner))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (engine, trains, out, n);
  return n;
}

/**
 * kol_engine_depot_upcoming:
 * @out: (out) (array): trains in the depot's upcoming order
 *
 * Returns: how many trains are still in the depot (not discarded ones).
 */
int
kol_engine_depot_upcoming (const KolEngine *engine,
                           gint16          *out,
                           int              max)
{
  int n = 0;

  for (int i = 0; i < engine->n_trains && n < max; i++)
    if (engine->trains[i].in_depot && kol_entity_is (engine->trains[i].owner, KOL_ENTITY_BANK))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (engine, trains, out, n);
  return n;
}

/* An unlimited train leaves the depot: a new copy takes its place in
 * the upcoming list (the same position: its order number), up to the
 * engine's limit of trains (the title check keeps a title below it). */
static void
clone_unlimited (KolEngine *engine,
                 int        train)
{
  const KolTrain *t = &engine->trains[train];
  KolTrain *copy;
  int last = 0;

  if (engine->title->trains[t->def].count >= 0 || engine->n_trains >= KOL_MAX_TRAINS)
    return;
  for (int i = 0; i < engine->n_trains; i++)
    if (engine->trains[i].def == t->def)
      last = MAX (last, engine->trains[i].copy);
  copy = &engine->trains[engine->n_trains++];
  memset (copy, 0, sizeof *copy);
  copy->def = t->def;
  copy->copy = (gint16) (last + 1);
  copy->owner = kol_entity (KOL_ENTITY_BANK, 0);
  copy->in_depot = TRUE;
  copy->seq = t->seq;
}

/**
 * kol_engine_move_train:
 *
 * Gives @train to @to, at the end of @to's list. A train leaving the depot is
 * no longer upcoming.
 */
void
kol_engine_move_train (KolEngine *engine,
                       int        train,
                       KolEntity  to)
{
  KolTrain *t = &engine->trains[train];

  if (t->in_depot && !kol_entity_is (to, KOL_ENTITY_BANK))
    {
      t->in_depot = FALSE;
      clone_unlimited (engine, train);
    }
  t->owner = to;
  t->seq = ++engine->seq;
}

/* --------------------------------------------------------------- companies */

/**
 * kol_engine_companies_of:
 * @out: (out) (array): company indices in the owner's order
 *
 * Returns: the number of open companies @owner has.
 */
int
kol_engine_companies_of (const KolEngine *engine,
                         KolEntity        owner,
                         gint16          *out,
                         int              max)
{
  int n = 0;

  for (int i = 0; i < engine->n_companies && n < max; i++)
    if (!engine->companies[i].closed && kol_entity_equal (engine->companies[i].owner, owner))
      out[n++] = (gint16) i;
  /* insertion sort by seq: at most a handful of companies */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && engine->companies[out[j - 1]].seq > engine->companies[out[j]].seq; j--)
      {
        gint16 tmp = out[j];
        out[j] = out[j - 1];
        out[j - 1] = tmp;
      }
  return n;
}

/**
 * kol_engine_move_company:
 *
 * Gives company @company to @to.
 */
void
kol_engine_move_company (KolEngine *engine,
                         int        company,
                         KolEntity  to)
{
  engine->companies[company].owner = to;
  engine->companies[company].seq = ++engine->seq;
}

/**
 * kol_engine_close_company:
 *
 * Closes @company: it leaves its owner and pays nothing more.
 */
void
kol_engine_close_company (KolEngine *engine,
                          int        company)
{
  engine->companies[company].closed = TRUE;
  engine->companies[company].owner = KOL_ENTITY_INIT_NONE;
}

/* ------------------------------------------------------------------ phases */

/**
 * kol_engine_set_phase:
 *
 * Moves to phase @phase, running its events and the module's hook.
 */
void
kol_engine_set_phase (KolEngine *engine,
                      int        phase)
{
  const KolPhaseDef *def;

  g_return_if_fail (phase >= 0 && (guint) phase < engine->title->n_phases);

  engine->phase = phase;
  def = &engine->title->phases[phase];
  for (guint i = 0; def->events && i < def->events->len; i++)
    if (engine->module->event)
      engine->module->event (engine, g_ptr_array_index (def->events, i));
  if (engine->module->phase_changed)
    engine->module->phase_changed (engine, phase);
}

/**
 * kol_engine_phase_has_status:
 *
 * Returns: %TRUE if the current phase lists @status.
 */
gboolean
kol_engine_phase_has_status (KolEngine  *engine,
                             const char *status)
{
  const KolPhaseDef *def = &engine->title->phases[engine->phase];

  for (guint i = 0; def->status && i < def->status->len; i++)
    if (g_strcmp0 (g_ptr_array_index (def->status, i), status) == 0)
      return TRUE;
  return FALSE;
}

/**
 * kol_engine_corp_index:
 *
 * Returns: the index of corporation @id, or -1.
 */
int
kol_engine_corp_index (KolEngine  *engine,
                       const char *id)
{
  return kol_title_corp_by_id (engine->title, id);
}

/**
 * kol_engine_player_value:
 *
 * What 18xx.games' Player#value counts unless the title says otherwise:
 * cash, the market value of shares of corporations with a price, the face
 * value of private companies.
 *
 * Returns: the value.
 */
int
kol_engine_player_value (const KolEngine *engine,
                         int              player)
{
  if (engine->module->player_value)
    return engine->module->player_value (engine, player);
  return kol_default_player_value (engine, player);
}

/**
 * kol_engine_entity_name:
 *
 * Returns: a display name for @e (player name, corporation or company id).
 */
const char *
kol_engine_entity_name (const KolEngine *engine,
                        KolEntity        e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return engine->players[e.index].name;
    case KOL_ENTITY_CORP:
      return engine->title->corps[e.index].id;
    case KOL_ENTITY_COMPANY:
      return engine->title->companies[e.index].id;
    case KOL_ENTITY_POOL:
      return "Market";
    case KOL_ENTITY_BANK:
      return "Bank";
    default:
      return "";
    }
}

/* ------------------------------------------------------------ player order */

/**
 * kol_engine_active_players:
 * @out: (out) (array): player indices in @players order
 *
 * Returns: the number of players who are not bankrupt.
 */
int
kol_engine_active_players (KolEngine *engine,
                           gint16    *out)
{
  int n = 0;

  for (int i = 0; i < engine->n_players; i++)
    if (!engine->players[engine->player_order[i]].bankrupt)
      out[n++] = engine->player_order[i];
  return n;
}

static void
rotate_to (KolEngine *engine,
           int        player)
{
  gint8 copy[KOL_MAX_PLAYERS];
  int at = 0;

  for (int i = 0; i < engine->n_players; i++)
    if (engine->player_order[i] == player)
      at = i;
  memcpy (copy, engine->player_order, sizeof copy);
  for (int i = 0; i < engine->n_players; i++)
    engine->player_order[i] = copy[(at + i) % engine->n_players];
}

/* Stable sort of player_order by cash; ties keep the order given by @rank. */
static void
sort_by_cash (KolEngine *engine,
              gboolean   descending,
              const int *rank)
{
  for (int i = 1; i < engine->n_players; i++)
    for (int j = i; j > 0; j--)
      {
        int a = engine->player_order[j - 1], b = engine->player_order[j];
        long ka = (long) engine->players[a].cash * 64 + rank[a];
        long kb = (long) engine->players[b].cash * 64 + rank[b];
        gboolean swap = descending ? ka < kb : ka > kb;

        if (!swap)
          break;
        engine->player_order[j - 1] = (gint8) b;
        engine->player_order[j] = (gint8) a;
      }
}

/**
 * kol_engine_reorder_players:
 *
 * Rotates or sorts the players' order after a stock round, as the title's
 * rules say; the first player then holds the priority deal.
 */
void
kol_engine_reorder_players (KolEngine          *engine,
                            KolPlayerOrderKind  kind,
                            const gint16       *pass_order,
                            int                 n_pass)
{
  int rank[KOL_MAX_PLAYERS] = { 0 };

  switch (kind)
    {
    case KOL_ORDER_AFTER_LAST_TO_ACT:
      {
        gint16 active[KOL_MAX_PLAYERS];
        int n = kol_engine_active_players (engine, active);
        int idx = engine->round.entity_index;

        if (n > 0 && idx >= 0 && idx < n)
          rotate_to (engine, active[idx]);
      }
      break;
    case KOL_ORDER_FIRST_TO_PASS:
      for (int i = 0; pass_order && i < n_pass && i < engine->n_players; i++)
        engine->player_order[i] = (gint8) pass_order[i];
      break;
    case KOL_ORDER_MOST_CASH:
      /* by cash, most first; players with the same cash keep their order
       * (1840 VII.2) */
      for (int i = 0; i < engine->n_players; i++)
        rank[engine->player_order[i]] = engine->n_players - 1 - i;
      sort_by_cash (engine, TRUE, rank);
      break;
    case KOL_ORDER_LEAST_CASH:
      for (int i = 0; i < engine->n_players; i++)
        rank[engine->player_order[i]] = i;
      sort_by_cash (engine, FALSE, rank);
      break;
    case KOL_ORDER_NEXT_CLOCKWISE:
      rotate_to (engine, engine->player_order[engine->n_players > 1 ? 1 : 0]);
      break;
    case KOL_ORDER_MOST_CASH_KEEP_ORDER:
      {
        int best = engine->player_order[0];

        for (int i = 1; i < engine->n_players; i++)
          if (engine->players[engine->player_order[i]].cash > engine->players[best].cash)
            best = engine->player_order[i];
        rotate_to (engine, best);
      }
      break;
    }
  engine->priority_deal = engine->player_order[0];
}

/* ------------------------------------------------------------------ logging */

/**
 * kol_engine_log:
 *
 * Emits a structured log entry to the game's log function, if any.
 */
void
kol_engine_log (KolEngine    *engine,
                int           kind,
                const KolArg *args,
                guint         n_args)
{
  KolLogEntry entry = { 0 };

  if (engine->log_func == NULL)
    return;
  entry.kind = kind;
  entry.n_args = MIN (n_args, KOL_LOG_MAX_ARGS);
  for (guint i = 0; i < entry.n_args; i++)
    entry.args[i] = args[i];
  engine->log_func (engine, &entry, engine->log_data);
}

/* ------------------------------------------------------------------- apply */

static gboolean
process_auto_actions (KolEngine        *engine,
                      const KolAction  *action,
                      gboolean          generate,
                      GPtrArray       **auto_out,
                      GError          **error)
{
  if (!generate)
    {
      for (guint i = 0; action->auto_actions && i < action->auto_actions->len; i++)
        if (!kol_round_process_single (engine, g_ptr_array_index (action->auto_actions, i), error))
          return FALSE;
      return TRUE;
    }

  for (int guard = 0; guard < 1000; guard++)
    {
      g_autoptr(GPtrArray) actions = kol_round_auto_actions (engine);

      if (actions == NULL || actions->len == 0)
        return TRUE;
      for (guint i = 0; i < actions->len; i++)
        {
          KolAction *a = g_ptr_array_index (actions, i);

          if (!kol_round_process_single (engine, a, error))
            return FALSE;
          if (auto_out)
            {
              if (*auto_out == NULL)
                *auto_out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
              g_ptr_array_add (*auto_out, kol_action_copy (a));
            }
        }
    }
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0,
                          "auto actions do not terminate");
}

/**
 * kol_engine_apply_unsafe:
 *
 * Applies @action in place. On failure the state is undefined: use only where
 * the caller can rebuild it (trusted replays, benchmarks).
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_engine_apply_unsafe (KolEngine        *engine,
                         const KolAction  *action,
                         gboolean          generate_auto,
                         GPtrArray       **auto_out,
                         GError          **error)
{
  g_return_val_if_fail (engine != NULL && action != NULL, FALSE);

  memset (&engine->refusal, 0, sizeof engine->refusal);
  if (!kol_round_process_single (engine, action, error))
    return FALSE;
  if (!process_auto_actions (engine, action, generate_auto, auto_out, error))
    return FALSE;
  engine->n_actions++;
  return TRUE;
}

/**
 * kol_engine_apply:
 * @engine: the game
 * @action: the action
 * @generate_auto: compute auto actions instead of using @action's
 * @auto_out: (out) (optional) (transfer full): the auto actions generated
 * @error: return location for a #GError
 *
 * Applies @action atomically: on failure @engine is as it was, and engine->refusal
 * describes why.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_engine_apply (KolEngine        *engine,
                  const KolAction  *action,
                  gboolean          generate_auto,
                  GPtrArray       **auto_out,
                  GError          **error)
{
  g_autoptr(KolEngine) work = kol_engine_copy (engine);
  g_autoptr(GPtrArray) autos = NULL;

  if (!kol_engine_apply_unsafe (work, action, generate_auto, &autos, error))
    {
      engine->refusal = work->refusal;
      return FALSE;
    }
  kol_engine_copy_into (engine, work);
  if (auto_out)
    *auto_out = g_steal_pointer (&autos);
  return TRUE;
}

/* --------------------------------------------------------- current decision */

/**
 * kol_engine_active_entities:
 * @out: (out) (array): entities that act now
 *
 * Returns: how many entities act now; 0 when the game is over.
 */
int
kol_engine_active_entities (KolEngine *engine,
                            KolEntity *out,
                            int        max)
{
  KolStep *step;

  if (engine->finished)
    return 0;
  step = kol_round_active_step (engine);
  if (step == NULL)
    return 0;
  return kol_step_active_entities (engine, step, out, max);
}

/**
 * kol_engine_actions_for:
 *
 * Returns: the legal action types of @entity now (KOL_ACTION_BIT mask).
 */
guint32
kol_engine_actions_for (KolEngine *engine,
                        KolEntity  entity)
{
  return kol_round_actions_for (engine, entity);
}

/**
 * kol_engine_step_for:
 *
 * Returns: (nullable): the step that would process @type for @entity.
 */
KolStep *
kol_engine_step_for (KolEngine     *engine,
                     KolEntity      entity,
                     KolActionType  type)
{
  return kol_round_step_for (engine, entity, type);
}

/**
 * kol_engine_active_step:
 *
 * Returns: (nullable): the first active blocking step of the round.
 */
KolStep *
kol_engine_active_step (KolEngine *engine)
{
  return kol_round_active_step (engine);
}

/**
 * kol_engine_round_name:
 *
 * Returns: the name of the current round ("Stock Round").
 */
const char *
kol_engine_round_name (const KolEngine *engine)
{
  return engine->round.klass ? engine->round.klass->name : "";
}

/**
 * kol_engine_version:
 *
 * Returns: the version of the rules engine, which is the project version.
 */
const char *
kol_engine_version (void)
{
  return PACKAGE_VERSION;
}
