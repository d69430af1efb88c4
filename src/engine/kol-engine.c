/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine.h"
#include "kol-engine-board.h"
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
 * @g: the game
 * @error: return location for a #GError
 * @code: the refusal code
 * @args: (array length=n_args): typed arguments for a translated message
 * @n_args: number of arguments
 * @format: developer-English message
 *
 * Records a refusal in @g->refusal and sets @error.
 *
 * Returns: %FALSE, so that callers can `return kol_engine_refuse (…)`.
 */
gboolean
kol_engine_refuse (KolEngine       *g,
                 GError       **error,
                 KolEngineError code,
                 const KolArg  *args,
                 guint          n_args,
                 const char    *format,
                 ...)
{
  va_list ap;
  char *msg;

  memset (&g->refusal, 0, sizeof g->refusal);
  g->refusal.code = code;
  g->refusal.n_args = MIN (n_args, KOL_REFUSAL_MAX_ARGS);
  for (guint i = 0; i < g->refusal.n_args; i++)
    g->refusal.args[i] = args[i];

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, KOL_ENGINE_ERROR, code, msg);
  g_free (msg);
  return FALSE;
}

/* ---------------------------------------------------------------- creation */

static void
init_certs (KolEngine *g)
{
  const KolTitle *t = g->title;

  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];

      for (int i = 0; i < def->n_shares && g->n_certs < KOL_MAX_CERTS; i++)
        {
          KolCert *cert = &g->certs[g->n_certs++];

          cert->corp = (gint16) c;
          cert->index = (guint8) i;
          cert->percent = def->shares[i];
          cert->president = i == 0;
          cert->buyable = TRUE;
          cert->owner = kol_entity (KOL_ENTITY_CORP, (int) c);
          cert->seq = ++g->seq;
        }
    }
}

static void
init_corps (KolEngine *g)
{
  const KolTitle *t = g->title;

  g->n_corps = (int) t->n_corps;
  g->n_corp_order = (int) t->n_corps;
  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];
      KolCorp *corp = &g->corps[c];

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
      g->corp_order[c] = (gint16) c;
    }
  init_certs (g);
}

static void
init_companies (KolEngine *g)
{
  const KolTitle *t = g->title;

  g->n_companies = (int) t->n_companies;
  for (guint i = 0; i < t->n_companies; i++)
    {
      g->companies[i].owner = KOL_ENTITY_INIT_NONE;
      g->companies[i].value = t->companies[i].value;
      g->companies[i].revenue = t->companies[i].revenue;
    }
}

static void
init_trains (KolEngine *g)
{
  const KolTitle *t = g->title;

  for (guint d = 0; d < t->n_trains; d++)
    {
      int n = t->trains[d].count < 0 ? 1 : t->trains[d].count;

      for (int c = 0; c < n && g->n_trains < KOL_MAX_TRAINS; c++)
        {
          KolTrain *train = &g->trains[g->n_trains++];

          train->def = (gint16) d;
          train->copy = (gint16) c;
          train->owner = kol_entity (KOL_ENTITY_BANK, 0);
          train->in_depot = TRUE;
          train->seq = ++g->seq;
        }
    }
}

static void
init_hexes (KolEngine *g)
{
  const KolTitle *t = g->title;

  for (guint h = 0; h < t->n_hexes; h++)
    {
      KolHexState *hs = &g->hexes[h];

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
    g->copy_hex[c] = -1;

  /* home reservations, as 18xx.games' init_hexes does for corporations with
   * coordinates; title setup removes those it does not want */
  for (guint c = 0; c < t->n_corps; c++)
    if (t->corps[c].home >= 0)
      kol_board_reserve (g, t->corps[c].home, MAX (t->corps[c].home_city, 0), (int) c);
}

static void
init_players (KolEngine     *g,
              int          n_players,
              const int   *ids,
              const char **names)
{
  g->n_players = n_players;
  for (int i = 0; i < n_players; i++)
    {
      KolPlayer *p = &g->players[i];

      p->id = ids ? ids[i] : i + 1;
      g_strlcpy (p->name, names && names[i] ? names[i] : "", sizeof p->name);
      if (p->name[0] == '\0')
        g_snprintf (p->name, sizeof p->name, "Player %d", i + 1);
    }
}

static void
give_starting_cash (KolEngine *g)
{
  for (int i = 0; i < g->n_players; i++)
    kol_engine_transfer (g, kol_entity (KOL_ENTITY_BANK, 0),
                       kol_entity (KOL_ENTITY_PLAYER, i), g->title->starting_cash);
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
kol_engine_new (const KolTitle *title,
              int             n_players,
              const int      *player_ids,
              const char    **player_names,
              gint64          seed,
              GError        **error)
{
  g_autoptr(KolEngine) g = NULL;

  g_return_val_if_fail (title != NULL, NULL);

  if (n_players < 1 || n_players > KOL_MAX_PLAYERS)
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "%d players is not a valid player count", n_players);
      return NULL;
    }

  g = g_new0 (KolEngine, 1);
  g->title = title;
  g->module = title->module != NULL ? title->module : &generic_module;
  if (g->module->state_size > KOL_TITLE_STATE_SIZE)
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INTERNAL,
                   "title state of %s is too large", g->module->id);
      return NULL;
    }
  if (g->module->check_config && !g->module->check_config (title, error))
    return NULL;

  g->seed = seed;
  g->rng = (guint32) (((seed % 2147483648LL) + 2147483648LL) % 2147483648LL);
  g->bank = title->bank < 0 ? 0 : title->bank;
  g->priority_deal = 0;
  g->turn = 1;
  g->phase = 0;
  g->operating_rounds = title->phases[0].operating_rounds;

  init_players (g, n_players, player_ids, player_names);
  for (int i = 0; i < n_players; i++)
    g->player_order[i] = (gint8) i;
  init_companies (g);
  init_corps (g);
  init_trains (g);
  give_starting_cash (g);
  init_hexes (g);

  if (g->module->setup && !g->module->setup (g, error))
    return NULL;
  return g_steal_pointer (&g);
}

/**
 * kol_engine_copy:
 *
 * Returns: (transfer full): a copy of @g sharing its title.
 */
KolEngine *
kol_engine_copy (const KolEngine *g)
{
  return g_memdup2 (g, sizeof *g);
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
kol_engine_free (KolEngine *g)
{
  g_free (g);
}

/* -------------------------------------------------------------------- rand */

/**
 * kol_engine_rand:
 *
 * The next number of 18xx.games' linear congruential generator; exact in
 * 64-bit arithmetic.
 *
 * Returns: the new state, in [0, 2^31).
 */
guint32
kol_engine_rand (KolEngine *g)
{
  guint64 next = ((guint64) 1103515245u * g->rng + 12345u) % 2147483648u;

  g->rng = (guint32) next;
  return g->rng;
}

/* -------------------------------------------------------------------- cash */

static int *
cash_slot (KolEngine  *g,
           KolEntity e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return &g->players[e.index].cash;
    case KOL_ENTITY_CORP:
      return &g->corps[e.index].cash;
    case KOL_ENTITY_BANK:
    case KOL_ENTITY_POOL:
      return &g->bank;
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
kol_engine_cash (KolEngine  *g,
               KolEntity e)
{
  int *slot = cash_slot (g, e);

  return slot ? *slot : 0;
}

/**
 * kol_engine_add_cash:
 *
 * Adds @amount (may be negative) to @e without a counterpart; for setup and
 * title ledgers only.
 */
void
kol_engine_add_cash (KolEngine  *g,
                   KolEntity e,
                   int       amount)
{
  int *slot = cash_slot (g, e);

  if (slot)
    *slot += amount;
}

/**
 * kol_engine_transfer:
 *
 * Moves @amount from @from to @to. The bank may go negative: an unlimited bank
 * does so by design, a limited one breaks (18xx.games Bank#check_cash).
 */
void
kol_engine_transfer (KolEngine  *g,
                   KolEntity from,
                   KolEntity to,
                   int       amount)
{
  int *src = cash_slot (g, from);
  int *dst = cash_slot (g, to);

  if (amount == 0 || src == dst)
    return;
  if (src == &g->bank && g->title->bank >= 0 && g->bank - amount < 0)
    g->bank_broken = TRUE;
  if (src)
    *src -= amount;
  if (dst)
    *dst += amount;
}

/* -------------------------------------------------------------- certificates */

/**
 * kol_engine_cert_id:
 *
 * Returns: (transfer full): the 18xx.games id of certificate @cert ("ATA_3").
 */
char *
kol_engine_cert_id (KolEngine *g,
                  int      cert)
{
  const KolCert *c = &g->certs[cert];

  return g_strdup_printf ("%s_%u", g->title->corps[c->corp].id, c->index);
}

/**
 * kol_engine_cert_by_id:
 *
 * Returns: the certificate index for an id such as "ATA_3", or -1.
 */
int
kol_engine_cert_by_id (KolEngine    *g,
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
  corp = kol_title_corp_by_id (g->title, corp_id);
  index = g_ascii_strtoll (sep + 1, &end, 10);
  if (corp < 0 || end == sep + 1 || *end != '\0')
    return -1;
  for (int i = 0; i < g->n_certs; i++)
    if (g->certs[i].corp == corp && g->certs[i].index == index)
      return i;
  return -1;
}

/* Holding order is the order of seq (every move takes a new one). The lists
 * are short, or long and already in order (the depot's trains keep the
 * seq of their creation), so a stable insertion sort is linear where it
 * matters and gives the order g_qsort_with_data (stable too) gave, at a
 * fraction of the cost: these lists are built many times per action. */
#define SORT_BY_SEQ(g, items, out, n)                                  \
  G_STMT_START {                                                       \
    for (int i_ = 1; i_ < (n); i_++)                                   \
      {                                                                \
        gint16 x_ = (out)[i_];                                         \
        guint32 seq_ = (g)->items[x_].seq;                             \
        int j_ = i_;                                                   \
                                                                       \
        for (; j_ > 0 && (g)->items[(out)[j_ - 1]].seq > seq_; j_--)   \
          (out)[j_] = (out)[j_ - 1];                                   \
        (out)[j_] = x_;                                                \
      }                                                                \
  } G_STMT_END

/**
 * kol_engine_corp_certs:
 * @first: (out): the index of @corp's first certificate
 * @end: (out): one past its last
 *
 * The certificates of @corp as the run [*first, *end) of g->certs:
 * init_certs creates them corporation by corporation and nothing reorders
 * them, so bisection finds them without a scan of every certificate (the
 * share queries of the stock steps ask many times per action). An empty
 * run for a corporation without certificates or out of range.
 */
void
kol_engine_corp_certs (const KolEngine *g,
                       int              corp,
                       int             *first,
                       int             *end)
{
  int lo = 0, hi = g->n_certs;

  if (corp < 0 || (guint) corp >= g->title->n_corps)
    {
      *first = *end = 0;
      return;
    }
  while (lo < hi)
    {
      int mid = (lo + hi) / 2;

      if (g->certs[mid].corp < corp)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* one certificate per share of the title's corporation, unless the
   * limit cut the list short */
  *first = lo;
  *end = MIN (lo + g->title->corps[corp].n_shares, g->n_certs);
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
kol_engine_certs_of (KolEngine  *g,
                   KolEntity holder,
                   int       corp,
                   gint16   *out,
                   int       max)
{
  int n = 0, first = 0, end = g->n_certs;

  if (corp >= 0)
    kol_engine_corp_certs (g, corp, &first, &end);
  for (int i = first; i < end && n < max; i++)
    if (kol_entity_equal (g->certs[i].owner, holder))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (g, certs, out, n);
  return n;
}

/**
 * kol_engine_percent_of:
 *
 * Returns: the percentage of @corp held by @holder.
 */
int
kol_engine_percent_of (KolEngine  *g,
                     KolEntity holder,
                     int       corp)
{
  int total = 0, first, end;

  kol_engine_corp_certs (g, corp, &first, &end);
  for (int i = first; i < end; i++)
    if (kol_entity_equal (g->certs[i].owner, holder))
      total += g->certs[i].percent;
  return total;
}

/**
 * kol_engine_move_cert:
 *
 * Gives certificate @cert to @to, at the end of @to's holding order.
 */
void
kol_engine_move_cert (KolEngine  *g,
                    int       cert,
                    KolEntity to)
{
  g->certs[cert].owner = to;
  g->certs[cert].seq = ++g->seq;
}

/**
 * kol_engine_share_percent:
 *
 * Returns: the percentage of one ordinary share of @corp (18xx.games
 * Corporation#share_percent: the second certificate's, else half the
 * president's).
 */
int
kol_engine_share_percent (KolEngine *g,
                        int      corp)
{
  const KolCorpDef *def = &g->title->corps[corp];

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
kol_engine_president_cert (KolEngine *g,
                         int      corp)
{
  int first, end;

  kol_engine_corp_certs (g, corp, &first, &end);
  for (int i = first; i < end; i++)
    if (g->certs[i].president)
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
kol_engine_train_id (KolEngine *g,
                   int      train)
{
  const KolTrain *t = &g->trains[train];

  return g_strdup_printf ("%s-%d", g->title->trains[t->def].id, t->copy);
}

/**
 * kol_engine_train_by_id:
 *
 * Returns: the train index for an id such as "4H-2", or -1.
 */
int
kol_engine_train_by_id (KolEngine    *g,
                      const char *id)
{
  for (int i = 0; i < g->n_trains; i++)
    {
      g_autofree char *tid = kol_engine_train_id (g, i);

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
kol_engine_train_name (KolEngine *g,
                     int      train)
{
  const KolTrain *t = &g->trains[train];
  const KolTrainDef *def = &g->title->trains[t->def];

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
kol_engine_train_price (KolEngine *g,
                      int      train)
{
  const KolTrain *t = &g->trains[train];
  const KolTrainDef *def = &g->title->trains[t->def];

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
kol_engine_trains_of (KolEngine  *g,
                    KolEntity owner,
                    gint16   *out,
                    int       max)
{
  int n = 0;

  for (int i = 0; i < g->n_trains && n < max; i++)
    if (kol_entity_equal (g->trains[i].owner, owner))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (g, trains, out, n);
  return n;
}

/**
 * kol_engine_depot_upcoming:
 * @out: (out) (array): trains in the depot's upcoming order
 *
 * Returns: how many trains are still in the depot (not discarded ones).
 */
int
kol_engine_depot_upcoming (KolEngine *g,
                         gint16  *out,
                         int      max)
{
  int n = 0;

  for (int i = 0; i < g->n_trains && n < max; i++)
    if (g->trains[i].in_depot && kol_entity_is (g->trains[i].owner, KOL_ENTITY_BANK))
      out[n++] = (gint16) i;
  SORT_BY_SEQ (g, trains, out, n);
  return n;
}

/**
 * kol_engine_move_train:
 *
 * Gives @train to @to, at the end of @to's list. A train leaving the depot is
 * no longer upcoming.
 */
void
kol_engine_move_train (KolEngine  *g,
                     int       train,
                     KolEntity to)
{
  KolTrain *t = &g->trains[train];

  if (!kol_entity_is (to, KOL_ENTITY_BANK))
    t->in_depot = FALSE;
  t->owner = to;
  t->seq = ++g->seq;
}

/* --------------------------------------------------------------- companies */

/**
 * kol_engine_companies_of:
 * @out: (out) (array): company indices in the owner's order
 *
 * Returns: the number of open companies @owner has.
 */
int
kol_engine_companies_of (KolEngine  *g,
                       KolEntity owner,
                       gint16   *out,
                       int       max)
{
  int n = 0;

  for (int i = 0; i < g->n_companies && n < max; i++)
    if (!g->companies[i].closed && kol_entity_equal (g->companies[i].owner, owner))
      out[n++] = (gint16) i;
  /* insertion sort by seq: at most a handful of companies */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && g->companies[out[j - 1]].seq > g->companies[out[j]].seq; j--)
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
kol_engine_move_company (KolEngine  *g,
                       int       company,
                       KolEntity to)
{
  g->companies[company].owner = to;
  g->companies[company].seq = ++g->seq;
}

/**
 * kol_engine_close_company:
 *
 * Closes @company: it leaves its owner and pays nothing more.
 */
void
kol_engine_close_company (KolEngine *g,
                        int      company)
{
  g->companies[company].closed = TRUE;
  g->companies[company].owner = KOL_ENTITY_INIT_NONE;
}

/* ------------------------------------------------------------------ phases */

/**
 * kol_engine_set_phase:
 *
 * Moves to phase @phase, running its events and the module's hook.
 */
void
kol_engine_set_phase (KolEngine *g,
                    int      phase)
{
  const KolPhaseDef *def;

  g_return_if_fail (phase >= 0 && (guint) phase < g->title->n_phases);

  g->phase = phase;
  def = &g->title->phases[phase];
  for (guint i = 0; def->events && i < def->events->len; i++)
    if (g->module->event)
      g->module->event (g, g_ptr_array_index (def->events, i));
  if (g->module->phase_changed)
    g->module->phase_changed (g, phase);
}

/**
 * kol_engine_phase_has_status:
 *
 * Returns: %TRUE if the current phase lists @status.
 */
gboolean
kol_engine_phase_has_status (KolEngine    *g,
                           const char *status)
{
  const KolPhaseDef *def = &g->title->phases[g->phase];

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
kol_engine_corp_index (KolEngine    *g,
                     const char *id)
{
  return kol_title_corp_by_id (g->title, id);
}

/**
 * kol_engine_entity_name:
 *
 * Returns: a display name for @e (player name, corporation or company id).
 */
const char *
kol_engine_entity_name (KolEngine  *g,
                      KolEntity e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return g->players[e.index].name;
    case KOL_ENTITY_CORP:
      return g->title->corps[e.index].id;
    case KOL_ENTITY_COMPANY:
      return g->title->companies[e.index].id;
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
kol_engine_active_players (KolEngine *g,
                         gint16  *out)
{
  int n = 0;

  for (int i = 0; i < g->n_players; i++)
    if (!g->players[g->player_order[i]].bankrupt)
      out[n++] = g->player_order[i];
  return n;
}

static void
rotate_to (KolEngine *g,
           int      player)
{
  gint8 copy[KOL_MAX_PLAYERS];
  int at = 0;

  for (int i = 0; i < g->n_players; i++)
    if (g->player_order[i] == player)
      at = i;
  memcpy (copy, g->player_order, sizeof copy);
  for (int i = 0; i < g->n_players; i++)
    g->player_order[i] = copy[(at + i) % g->n_players];
}

/* Stable sort of player_order by cash; ties keep the order given by @rank. */
static void
sort_by_cash (KolEngine *g,
              gboolean descending,
              const int *rank)
{
  for (int i = 1; i < g->n_players; i++)
    for (int j = i; j > 0; j--)
      {
        int a = g->player_order[j - 1], b = g->player_order[j];
        long ka = (long) g->players[a].cash * 64 + rank[a];
        long kb = (long) g->players[b].cash * 64 + rank[b];
        gboolean swap = descending ? ka < kb : ka > kb;

        if (!swap)
          break;
        g->player_order[j - 1] = (gint8) b;
        g->player_order[j] = (gint8) a;
      }
}

/**
 * kol_engine_reorder_players:
 *
 * Game#reorder_players: rotates or sorts the players' order after a stock
 * round; the first player then holds the priority deal.
 */
void
kol_engine_reorder_players (KolEngine            *g,
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
        int n = kol_engine_active_players (g, active);
        int idx = g->round.entity_index;

        if (n > 0 && idx >= 0 && idx < n)
          rotate_to (g, active[idx]);
      }
      break;
    case KOL_ORDER_FIRST_TO_PASS:
      for (int i = 0; pass_order && i < n_pass && i < g->n_players; i++)
        g->player_order[i] = (gint8) pass_order[i];
      break;
    case KOL_ORDER_MOST_CASH:
      /* Ruby sorts by [cash, index in the reversed order] and reverses: ties
       * keep the current order */
      for (int i = 0; i < g->n_players; i++)
        rank[g->player_order[i]] = g->n_players - 1 - i;
      sort_by_cash (g, TRUE, rank);
      break;
    case KOL_ORDER_LEAST_CASH:
      for (int i = 0; i < g->n_players; i++)
        rank[g->player_order[i]] = i;
      sort_by_cash (g, FALSE, rank);
      break;
    case KOL_ORDER_NEXT_CLOCKWISE:
      rotate_to (g, g->player_order[g->n_players > 1 ? 1 : 0]);
      break;
    case KOL_ORDER_MOST_CASH_KEEP_ORDER:
      {
        int best = g->player_order[0];

        for (int i = 1; i < g->n_players; i++)
          if (g->players[g->player_order[i]].cash > g->players[best].cash)
            best = g->player_order[i];
        rotate_to (g, best);
      }
      break;
    }
  g->priority_deal = g->player_order[0];
}

/* ------------------------------------------------------------------ logging */

/**
 * kol_engine_log:
 *
 * Emits a structured log entry to the game's log function, if any.
 */
void
kol_engine_log (KolEngine      *g,
              int           kind,
              const KolArg *args,
              guint         n_args)
{
  KolLogEntry entry = { 0 };

  if (g->log_func == NULL)
    return;
  entry.kind = kind;
  entry.n_args = MIN (n_args, KOL_LOG_MAX_ARGS);
  for (guint i = 0; i < entry.n_args; i++)
    entry.args[i] = args[i];
  g->log_func (g, &entry, g->log_data);
}

/* ------------------------------------------------------------------- apply */

static gboolean
process_auto_actions (KolEngine         *g,
                      const KolAction *action,
                      gboolean         generate,
                      GPtrArray      **auto_out,
                      GError         **error)
{
  if (!generate)
    {
      for (guint i = 0; action->auto_actions && i < action->auto_actions->len; i++)
        if (!kol_round_process_single (g, g_ptr_array_index (action->auto_actions, i), error))
          return FALSE;
      return TRUE;
    }

  for (int guard = 0; guard < 1000; guard++)
    {
      g_autoptr(GPtrArray) actions = kol_round_auto_actions (g);

      if (actions == NULL || actions->len == 0)
        return TRUE;
      for (guint i = 0; i < actions->len; i++)
        {
          KolAction *a = g_ptr_array_index (actions, i);

          if (!kol_round_process_single (g, a, error))
            return FALSE;
          if (auto_out)
            {
              if (*auto_out == NULL)
                *auto_out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
              g_ptr_array_add (*auto_out, kol_action_copy (a));
            }
        }
    }
  return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0,
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
kol_engine_apply_unsafe (KolEngine         *g,
                       const KolAction *action,
                       gboolean         generate_auto,
                       GPtrArray      **auto_out,
                       GError         **error)
{
  g_return_val_if_fail (g != NULL && action != NULL, FALSE);

  memset (&g->refusal, 0, sizeof g->refusal);
  if (!kol_round_process_single (g, action, error))
    return FALSE;
  if (!process_auto_actions (g, action, generate_auto, auto_out, error))
    return FALSE;
  g->n_actions++;
  return TRUE;
}

/**
 * kol_engine_apply:
 * @g: the game
 * @action: the action
 * @generate_auto: compute auto actions instead of using @action's
 * @auto_out: (out) (optional) (transfer full): the auto actions generated
 * @error: return location for a #GError
 *
 * Applies @action atomically: on failure @g is as it was, and g->refusal
 * describes why.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_engine_apply (KolEngine         *g,
                const KolAction *action,
                gboolean         generate_auto,
                GPtrArray      **auto_out,
                GError         **error)
{
  g_autoptr(KolEngine) work = kol_engine_copy (g);
  g_autoptr(GPtrArray) autos = NULL;

  if (!kol_engine_apply_unsafe (work, action, generate_auto, &autos, error))
    {
      g->refusal = work->refusal;
      return FALSE;
    }
  kol_engine_copy_into (g, work);
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
kol_engine_active_entities (KolEngine   *g,
                          KolEntity *out,
                          int        max)
{
  KolStep *step;

  if (g->finished)
    return 0;
  step = kol_round_active_step (g);
  if (step == NULL)
    return 0;
  return kol_step_active_entities (g, step, out, max);
}

/**
 * kol_engine_actions_for:
 *
 * Returns: the legal action types of @entity now (KOL_ACTION_BIT mask).
 */
guint32
kol_engine_actions_for (KolEngine  *g,
                      KolEntity entity)
{
  return kol_round_actions_for (g, entity);
}

/**
 * kol_engine_step_for:
 *
 * Returns: (nullable): the step that would process @type for @entity.
 */
KolStep *
kol_engine_step_for (KolEngine      *g,
                   KolEntity     entity,
                   KolActionType type)
{
  return kol_round_step_for (g, entity, type);
}

/**
 * kol_engine_active_step:
 *
 * Returns: (nullable): the first active blocking step of the round.
 */
KolStep *
kol_engine_active_step (KolEngine *g)
{
  return kol_round_active_step (g);
}

/**
 * kol_engine_round_name:
 *
 * Returns: the name of the current round ("Stock Round").
 */
const char *
kol_engine_round_name (KolEngine *g)
{
  return g->round.klass ? g->round.klass->name : "";
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
