/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-private.h"

#include <string.h>

/*
 * Several trains (1849): the route of each train, or none, with disjoint
 * track and the highest total (see kol-engine-route.c for the design).
 */

/* Short local names. */
typedef KolRgScore    Score;
typedef KolRgCand     Cand;
typedef KolRgCandList CandList;
typedef KolRgPicked   Picked;
#define SCORE_M       KOL_RG_SCORE_M
#define SCORE_NONE    KOL_RG_SCORE_NONE
#define words_disjoint _kol_rg_disjoint

static gboolean
best_single (KolRgSolve    *X,
             int            k,
             const guint64 *used0,
             Picked        *out)
{
  return _kol_rg_best (X->G, &X->views[k], &X->run, used0, out);
}

static void
collect (KolRgSolve *X,
         int         k,
         Score       theta,
         CandList   *out)
{
  _kol_rg_collect (X->G, &X->views[k], &X->run, theta, out);
}

/* The memo: open addressing over (train, projected used track). */
typedef struct
{
  guint64 hash;
  guint32 key_off;
  gint16  t;
  gint8   exact;
  gint32  choice;
  Score   value;
} MemoEntry;

typedef struct
{
  int        W;
  guint      mask;
  guint      used;
  MemoEntry *entries;
  GArray    *keys;     /* guint64 */
} Memo;

static guint64
memo_hash (int            t,
           const guint64 *key,
           int            W)
{
  guint64 h = 0x9e3779b97f4a7c15ull * (guint64) (t + 1);

  for (int w = 0; w < W; w++)
    {
      h ^= key[w] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
      h *= 0xff51afd7ed558ccdull;
    }
  /* a multiply only moves bits up: fold the high half down (murmur's finaliser) */
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h | 1;
}

static MemoEntry *
memo_slot (Memo          *M,
           int            t,
           const guint64 *key,
           guint64        hash)
{
  guint i = (guint) hash & M->mask;

  for (;; i = (i + 1) & M->mask)
    {
      MemoEntry *e = &M->entries[i];

      if (e->hash == 0)
        return e;
      if (e->hash == hash && e->t == t &&
          memcmp (&g_array_index (M->keys, guint64, e->key_off), key, sizeof (guint64) * (gsize) M->W) == 0)
        return e;
    }
}

static void memo_store (Memo *M, int t, const guint64 *key, Score value, gboolean exact, int choice);

static void
memo_grow (Memo *M)
{
  MemoEntry *old = M->entries;
  guint n = M->mask + 1;

  M->mask = n * 2 - 1;
  M->entries = g_new0 (MemoEntry, n * 2);
  for (guint i = 0; i < n; i++)
    if (old[i].hash)
      {
        MemoEntry *e = memo_slot (M, old[i].t, &g_array_index (M->keys, guint64, old[i].key_off), old[i].hash);
        *e = old[i];
      }
  g_free (old);
}

static void
memo_store (Memo          *M,
            int            t,
            const guint64 *key,
            Score          value,
            gboolean       exact,
            int            choice)
{
  guint64 hash = memo_hash (t, key, M->W);
  MemoEntry *e = memo_slot (M, t, key, hash);

  if (e->hash == 0)
    {
      if (2 * (M->used + 1) > M->mask + 1)
        {
          memo_grow (M);
          e = memo_slot (M, t, key, hash);
        }
      e->hash = hash;
      e->t = (gint16) t;
      e->key_off = M->keys->len;
      g_array_append_vals (M->keys, key, (guint) M->W);
      M->used++;
    }
  else if (e->exact)
    return;
  e->value = value;
  e->exact = (gint8) exact;
  e->choice = choice;
}

typedef struct
{
  int             n;             /* trains, in search order */
  int             W;
  const CandList *list[KOL_ROUTE_MAX_TRAINS];
  guint64        *urest;         /* (n + 1) × W */
  Score           suffix[KOL_ROUTE_MAX_TRAINS + 1];
  guint64        *scratch;       /* (n + 1) × W: memo keys per depth */
  guint64        *next;          /* (n + 1) × W: track used below each depth */
  Memo            memo;
  KolRouteStats  *stats;
  const gint     *cancel;
  gboolean        cancelled;
  guint           tick;
} Combo;

static Score
first_compatible (const CandList *L,
                  const guint64  *used,
                  int             W)
{
  for (int i = 0; i < L->n; i++)
    if (words_disjoint (L->res + (gsize) i * (gsize) W, used, W))
      return L->cands[i].score;
  return 0;
}

/* Bounds (in combo_search): the trains from t on can add at most the sum of
 * their first compatible routes, and at most the optimum of those trains
 * alone on the free board (computed first, from the last train back, as
 * Rails does). */

/* Best completion from train @t with track @used; exact when > @alpha,
 * otherwise an upper bound ≤ @alpha. */
static Score
combo_search (Combo         *C,
              int            t,
              const guint64 *used,
              Score          alpha)
{
  int W = C->W;
  guint64 *key = C->scratch + (gsize) t * (gsize) W;
  guint64 *nu = C->next + (gsize) t * (gsize) W;
  const CandList *L;
  MemoEntry *e;
  Score ub, ub_rest, lo = alpha, best = SCORE_NONE;
  int choice = -2;

  if (t == C->n)
    return 0;
  if (C->cancel && (++C->tick & 255) == 0 && g_atomic_int_get (C->cancel))
    C->cancelled = TRUE;
  if (C->cancelled)
    return alpha;
  C->stats->bb_nodes++;
  for (int w = 0; w < W; w++)
    key[w] = used[w] & C->urest[(gsize) t * (gsize) W + (gsize) w];
  e = memo_slot (&C->memo, t, key, memo_hash (t, key, W));
  if (e->hash && (e->exact || e->value <= alpha))
    {
      C->stats->memo_hits++;
      return e->value;
    }
  {
    Score fc[KOL_ROUTE_MAX_TRAINS], rest = 0;

    for (int u = C->n - 1; u >= t; u--)
      {
        fc[u] = first_compatible (C->list[u], used, W);
        if (u > t)
          rest += fc[u];
      }
    ub_rest = MIN (rest, C->suffix[t + 1]);
    ub = MIN (rest + fc[t], C->suffix[t]);
  }
  if (ub <= alpha)
    {
      memo_store (&C->memo, t, key, ub, FALSE, -2);
      return ub;
    }
  L = C->list[t];
  for (int i = 0; i < L->n; i++)
    {
      const guint64 *r = L->res + (gsize) i * (gsize) W;
      Score v;

      if (L->cands[i].score + ub_rest <= lo)
        break;
      if (!words_disjoint (r, used, W))
        continue;
      for (int w = 0; w < W; w++)
        nu[w] = used[w] | r[w];
      v = L->cands[i].score + combo_search (C, t + 1, nu, lo - L->cands[i].score);
      if (v > lo)
        {
          lo = best = v;
          choice = i;
        }
    }
  if (ub_rest > lo)
    {
      Score v = combo_search (C, t + 1, used, lo);

      if (v > lo)
        {
          lo = best = v;
          choice = -1;
        }
    }
  if (C->cancelled)
    return best != SCORE_NONE ? best : alpha;
  if (best != SCORE_NONE)
    {
      memo_store (&C->memo, t, key, best, TRUE, choice);
      return best;
    }
  memo_store (&C->memo, t, key, alpha, FALSE, -2);
  return alpha;
}

/* ---- the combination ------------------------------------------------------------ */

/*
 * A lower bound LB on the optimum, from good assignments: greedily, each
 * train in turn taking its best route on the track left, starting once with
 * each distinct train first (the rest by falling single optimum); then the
 * best of these improved by re-optimising each train against the others'
 * routes until nothing changes. The higher LB, the fewer routes the exact
 * combination has to consider. The assignment is kept: it is the answer if
 * the search is cancelled.
 */
typedef struct
{
  Picked route[KOL_ROUTE_MAX_TRAINS];  /* seq NULL: the train does not run */
  Score  total;
} Assignment;

static void
assignment_clear (Assignment *a)
{
  for (int t = 0; t < KOL_ROUTE_MAX_TRAINS; t++)
    g_free (a->route[t].seq);
  memset (a, 0, sizeof *a);
}

static void
assignment_take (Assignment *dest,
                 Assignment *src)
{
  assignment_clear (dest);
  *dest = *src;
  memset (src, 0, sizeof *src);
}

static void
greedy_assignment (KolRgSolve *X,
                   const int  *order,
                   int         first,
                   guint64    *used,
                   Assignment *out)
{
  int n = X->n_trains;

  memset (out, 0, sizeof *out);
  memset (used, 0, sizeof (guint64) * (gsize) X->G->W);
  for (int i = -1; i < n && !X->run.cancelled; i++)
    {
      int t = i < 0 ? first : order[i];
      Picked p = { 0 };

      if (i >= 0 && t == first)
        continue;
      if (best_single (X, X->class_of[t], used, &p) && p.score > 0)
        {
          out->route[t] = p;
          out->total += p.score;
          _kol_rg_seq_res (X->G, p.seq, p.len, used);
        }
      else
        g_free (p.seq);
    }
}

/* Re-optimises each train against the others' routes; TRUE if it helped. */
static gboolean
improve_assignment (KolRgSolve *X,
                    const int  *order,
                    guint64    *used,
                    Assignment *a)
{
  gboolean improved = FALSE;

  for (int i = 0; i < X->n_trains && !X->run.cancelled; i++)
    {
      int t = order[i];
      Picked p = { 0 };

      memset (used, 0, sizeof (guint64) * (gsize) X->G->W);
      for (int u = 0; u < X->n_trains; u++)
        if (u != t && a->route[u].seq)
          _kol_rg_seq_res (X->G, a->route[u].seq, a->route[u].len, used);
      if (best_single (X, X->class_of[t], used, &p) && p.score > a->route[t].score)
        {
          a->total += p.score - a->route[t].score;
          g_free (a->route[t].seq);
          a->route[t] = p;
          improved = TRUE;
        }
      else
        g_free (p.seq);
    }
  return improved;
}

static void
lower_bound (KolRgSolve *X,
             const int  *order,
             Assignment *best)
{
  guint64 *used = g_new0 (guint64, X->G->W);
  int n = X->n_trains;

  memset (best, 0, sizeof *best);
  best->total = -1;
  for (int f = 0; f < n && !X->run.cancelled; f++)
    {
      Assignment a;
      gboolean seen = FALSE;

      for (int g = 0; g < f; g++)
        seen |= X->class_of[order[g]] == X->class_of[order[f]];
      if (seen)
        continue;
      greedy_assignment (X, order, order[f], used, &a);
      if (a.total > best->total)
        assignment_take (best, &a);
      else
        assignment_clear (&a);
    }
  for (int round = 0; round < 3 && improve_assignment (X, order, used, best); round++)
    ;
  best->total = MAX (best->total, 0);
  g_free (used);
}

static int
cmp_train_order (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  const Score *best = data;
  int x = *(const int *) a, y = *(const int *) b;

  if (best[x] != best[y])
    return best[x] > best[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Each train's single optimum (*best, 0 when it cannot run) and the search
 * order of the trains: falling single optimum. Returns the sum. */
static Score
single_optima (KolRgSolve *X,
               Score      *best,
               int        *order)
{
  Score sum = 0;

  for (int k = 0; k < X->n_classes; k++)
    {
      Picked p = { 0 };
      Score score = best_single (X, k, NULL, &p) ? MAX (p.score, 0) : 0;

      for (int t = 0; t < X->n_trains; t++)
        if (X->class_of[t] == k)
          best[t] = score;
      g_free (p.seq);
    }
  for (int t = 0; t < X->n_trains; t++)
    {
      sum += best[t];
      order[t] = t;
    }
  g_qsort_with_data (order, X->n_trains, sizeof (int), cmp_train_order, best);
  return sum;
}

static void
combo_init (Combo      *C,
            KolRgSolve *X,
            CandList   *lists,
            const int  *order)
{
  int n = X->n_trains, W = X->G->W;

  memset (C, 0, sizeof *C);
  C->n = n;
  C->W = W;
  C->stats = X->run.stats;
  C->cancel = X->run.cancel;
  C->urest = g_new0 (guint64, (gsize) (n + 1) * (gsize) W);
  C->scratch = g_new0 (guint64, (gsize) (n + 1) * (gsize) W);
  C->next = g_new0 (guint64, (gsize) (n + 1) * (gsize) W);
  C->memo.W = W;
  C->memo.mask = 255;
  C->memo.entries = g_new0 (MemoEntry, 256);
  C->memo.keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (int i = 0; i < n; i++)
    C->list[i] = &lists[X->class_of[order[i]]];
  for (int i = n - 1; i >= 0; i--)
    for (int w = 0; w < W; w++)
      C->urest[(gsize) i * (gsize) W + (gsize) w] =
        C->urest[(gsize) (i + 1) * (gsize) W + (gsize) w] |
        (C->list[i]->union_res ? C->list[i]->union_res[w] : 0);  /* no list when cancelled */
  for (int t = 0; t <= n; t++)
    C->suffix[t] = t == n ? 0 : G_MAXINT64 / 4;
}

static void
combo_clear (Combo *C)
{
  g_free (C->urest);
  g_free (C->scratch);
  g_free (C->next);
  g_free (C->memo.entries);
  g_array_unref (C->memo.keys);
}

/* Follows the memo's choices from the root; returns the score taken. */
static Score
combo_extract (Combo               *C,
               const KolRouteGraph *G,
               const int           *order,
               KolRouteResult      *result)
{
  int W = C->W;
  guint64 *used = g_new0 (guint64, W);
  Score total = 0;

  for (int i = 0; i < C->n; i++)
    {
      guint64 *key = C->scratch;
      MemoEntry *e;

      for (int w = 0; w < W; w++)
        key[w] = used[w] & C->urest[(gsize) i * (gsize) W + (gsize) w];
      e = memo_slot (&C->memo, i, key, memo_hash (i, key, W));
      if (e->hash == 0 || !e->exact)
        break;
      if (e->choice >= 0)
        {
          const CandList *L = C->list[i];
          const Cand *c = &L->cands[e->choice];

          _kol_rg_add_route (result, G, order[i], c->revenue, c->dist, L->seq + c->seq_off, c->len);
          total += c->score;
          for (int w = 0; w < W; w++)
            used[w] |= L->res[(gsize) e->choice * (gsize) W + (gsize) w];
        }
    }
  g_free (used);
  return total;
}

/* The candidates of every class at thresholds @theta, then the exact
 * combination over them from @alpha; returns the best total found (> alpha)
 * or alpha. The memo stays in @C for the extraction. */
static Score
combine (KolRgSolve  *X,
         const int   *order,
         const Score *theta,
         Score        alpha,
         CandList    *lists,
         Combo       *C)
{
  guint64 *none = g_new0 (guint64, X->G->W);
  Score total = alpha;

  for (int k = 0; k < X->n_classes && !X->run.cancelled; k++)
    collect (X, k, theta[k], &lists[k]);
  combo_init (C, X, lists, order);
  /* the optimum of each suffix of trains, exactly (its memo entries serve
   * the full search too) */
  for (int t = X->n_trains - 1; t >= 1 && !X->run.cancelled && !C->cancelled; t--)
    C->suffix[t] = combo_search (C, t, none, -1);
  if (!X->run.cancelled && !C->cancelled)
    total = combo_search (C, 0, none, alpha);
  X->run.cancelled |= C->cancelled;
  g_free (none);
  return total;
}

/* The threshold per class: a route of train t scoring below
 * @found − (the other trains' single optima) cannot be in a combination
 * better than @found. */
static void
thresholds (KolRgSolve  *X,
            const Score *best,
            Score        sum_best,
            Score        found,
            Score       *theta)
{
  for (int k = 0; k < X->n_classes; k++)
    {
      theta[k] = SCORE_NONE;
      for (int t = 0; t < X->n_trains; t++)
        if (X->class_of[t] == k)
          theta[k] = MAX (theta[k], found - (sum_best - best[t]));
      theta[k] = MAX (theta[k], 1);
    }
}

/*
 * The best combination. The candidate lists are long when the trains get in
 * each other's way (the thresholds from LB are then low), so a first round
 * takes only the routes in the upper half of that range. Its best total f
 * is the optimum if no skipped route could reach f; otherwise a second round
 * uses the thresholds from f, which are sure (f ≥ LB).
 */
void
_kol_rg_solve_set (KolRgSolve     *X,
                   KolRouteResult *result)
{
  int n = X->n_trains;
  Score best[KOL_ROUTE_MAX_TRAINS], sum_best, total = SCORE_NONE, found;
  Score theta[KOL_ROUTE_MAX_TRAINS], sure[KOL_ROUTE_MAX_TRAINS];
  int order[KOL_ROUTE_MAX_TRAINS];
  CandList lists[KOL_ROUTE_MAX_TRAINS] = { { 0 } };
  Assignment lb;
  Combo C;
  gboolean done = FALSE;

  sum_best = single_optima (X, best, order);
  lower_bound (X, order, &lb);
  thresholds (X, best, sum_best, lb.total, sure);
  for (int k = 0; k < X->n_classes; k++)
    {
      Score top = SCORE_NONE;

      for (int t = 0; t < n; t++)
        if (X->class_of[t] == k)
          top = MAX (top, best[t]);
      theta[k] = MAX (sure[k], sure[k] / 2 + top / 2);
    }
  for (int round = 0;; round++)
    {
      total = combine (X, order, theta, lb.total - 1, lists, &C);
      found = MAX (total, lb.total);
      thresholds (X, best, sum_best, found, sure);
      done = TRUE;
      for (int k = 0; k < X->n_classes; k++)
        done &= theta[k] <= sure[k];
      if (done || X->run.cancelled || round == 1)
        break;
      memcpy (theta, sure, sizeof theta);
      combo_clear (&C);
      for (int k = 0; k < X->n_classes; k++)
        _kol_rg_cand_list_clear (&lists[k]);
    }
  /* the second round's thresholds come from a total it can reach */
  g_warn_if_fail (done || X->run.cancelled);

  if (!X->run.cancelled && total >= lb.total)
    g_warn_if_fail (combo_extract (&C, X->G, order, result) == total);
  else
    /* cancelled, or the greedy assignment is the optimum */
    for (int i = 0; i < n; i++)
      {
        const Picked *p = &lb.route[order[i]];

        if (p->seq)
          _kol_rg_add_route (result, X->G, order[i], p->revenue, p->dist, p->seq, p->len);
      }

  combo_clear (&C);
  for (int k = 0; k < X->n_classes; k++)
    _kol_rg_cand_list_clear (&lists[k]);
  assignment_clear (&lb);
}
