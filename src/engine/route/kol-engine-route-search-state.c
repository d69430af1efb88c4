/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The single-train search's state (Search, kol-engine-route-search-private.h):
 * its allocation and release, and the sets the bounds read, rebuilt from
 * scratch for each anchor (the chains blocked by the track in use, the
 * vertices of visited locations, the neighbour rows of unlimited trains)
 * together with the row updates after each chain taken or given back. It is
 * its own file so that kol-engine-route-search.c reads as the enumeration
 * of routes rather than as bookkeeping. */
#include "kol-engine-route-search-private.h"

#include <string.h>

/* vloc from vis, from scratch. */
void
_kol_rg_vloc_reset (Search *S)
{
  const KolRouteGraph *G = S->G;

  if (!S->fast)
    return;
  memset (S->vloc, 0, sizeof (guint64) * (gsize) G->VW);
  for (int v = 0; v < G->nv; v++)
    if (_kol_rg_bit_get (S->vis, G->v[v].loc))
      _kol_rg_bit_put (S->vloc, v, TRUE);
}

/* The rows of the two vertices of chain @k, after a change of the chains
 * between them. */
static void
rows_update_pair (Search  *S,
                  guint32  k)
{
  const KolRouteGraph *G = S->G;
  int a = G->c[k].a, b = G->c[k].b, VW = G->VW;
  gboolean any = FALSE, pass_a = FALSE, pass_b = FALSE;

  for (guint32 j = G->pair_lo[k]; j < G->pair_hi[k]; j++)
    if (S->T->cost[j] >= 0 && _kol_rg_res_free (S, j))
      {
        any = TRUE;
        pass_a |= !(G->c[j].term & KOL_RG_TERM_A);
        pass_b |= !(G->c[j].term & KOL_RG_TERM_B);
      }
  _kol_rg_bit_put (S->rows_all + (gsize) a * (gsize) VW, b, any);
  _kol_rg_bit_put (S->rows_all + (gsize) b * (gsize) VW, a, any);
  _kol_rg_bit_put (S->rows_pass + (gsize) a * (gsize) VW, b, pass_a);
  _kol_rg_bit_put (S->rows_pass + (gsize) b * (gsize) VW, a, pass_b);
}

/* The rows of the chains in @changed (CW words). */
void
_kol_rg_rows_update (Search        *S,
                     const guint64 *changed)
{
  for (int w = 0; w < S->G->CW; w++)
    for (guint64 bits = changed[w]; bits; bits &= bits - 1)
      rows_update_pair (S, (guint32) (w * 64 + __builtin_ctzll (bits)));
}

static void
rows_reset (Search *S)
{
  const KolRouteGraph *G = S->G;

  if (!S->fast)
    return;
  memset (S->rows_all, 0, sizeof (guint64) * (gsize) G->nv * (gsize) G->VW);
  memset (S->rows_pass, 0, sizeof (guint64) * (gsize) G->nv * (gsize) G->VW);
  for (int k = 0; k < G->nc; k++)
    if (S->T->cost[k] >= 0 && _kol_rg_res_free (S, (guint32) k))
      {
        int a = G->c[k].a, b = G->c[k].b, VW = G->VW;

        _kol_rg_bit_put (S->rows_all + (gsize) a * (gsize) VW, b, TRUE);
        _kol_rg_bit_put (S->rows_all + (gsize) b * (gsize) VW, a, TRUE);
        if (!(G->c[k].term & KOL_RG_TERM_A))
          _kol_rg_bit_put (S->rows_pass + (gsize) a * (gsize) VW, b, TRUE);
        if (!(G->c[k].term & KOL_RG_TERM_B))
          _kol_rg_bit_put (S->rows_pass + (gsize) b * (gsize) VW, a, TRUE);
      }
}

/* The blocked chains for the track set @used (plus used0), from scratch. */
void
_kol_rg_block_reset (Search        *S,
                     const guint64 *used)
{
  const KolRouteGraph *G = S->G;

  memcpy (S->blocked, S->blocked0, sizeof (guint64) * (gsize) G->CW);
  for (int c = 0; used && c < G->nc; c++)
    if (!_kol_rg_disjoint (_kol_rg_chain_res (G, (guint32) c), used, G->W))
      S->blocked[c >> 6] |= G_GUINT64_CONSTANT (1) << (c & 63);
  rows_reset (S);
}

void
_kol_rg_search_init (Search              *S,
                     const KolRouteGraph *G,
                     const TrainView     *T,
                     const KolRouteRules *rules,
                     KolRouteStats       *stats,
                     const gint          *cancel)
{
  memset (S, 0, sizeof *S);
  S->G = G;
  S->T = T;
  S->rules = rules;
  S->stats = stats;
  S->cancel = cancel;
  S->threshold = SCORE_NONE;
  S->best_seq = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->tmp_seq = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->tmp_res = g_new (guint64, G->W);
  S->greedy_seq = g_new (guint32, 2 * (gsize) G->nv + 2);
  S->kids = g_new (Child, (gsize) G->adj_off[G->nv] + 1);
  S->stack = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->vis = g_new0 (guint64, G->LW);
  S->used = g_new0 (guint64, G->W);
  S->arms = g_array_new (FALSE, FALSE, sizeof (Arm));
  S->arm_vis = g_array_new (FALSE, FALSE, sizeof (guint64));
  S->arm_res = g_array_new (FALSE, FALSE, sizeof (guint64));
  S->mark = g_new0 (guint32, MAX (G->nv, 1));
  S->blocked = g_new0 (guint64, G->CW);
  S->blocked0 = g_new0 (guint64, G->CW);
  S->blk_stack = g_new0 (guint64, (gsize) (2 * G->nv + 4) * (gsize) G->CW);
  S->blk_chain = g_new0 (guint32, (gsize) (2 * G->nv + 4));
  S->chg = g_new0 (guint64, G->CW);
  S->fast = T->unlimited;
  /* §10.5.1's entered gauge only matters to a budget in hex edges */
  S->entered = rules->entered_gauge && !T->unlimited && !T->train.count_stops;
  if (S->fast)
    {
      gsize VW = (gsize) G->VW;

      S->rows_all = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      S->rows_pass = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      S->vloc = g_new0 (guint64, VW);
      S->vanchor = g_new0 (guint64, VW);
      S->vend = g_new0 (guint64, VW);
      S->vtmp = g_new0 (guint64, 6 * VW);
      S->bitframes = g_new0 (BitFrame, (gsize) G->nv + 1);
      S->vstk = g_new0 (int, (gsize) G->nv + 1);
      S->branch = g_new0 (gint64, (gsize) G->nv + 1);
      S->nbleft = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      for (int v = 0; v < G->nv; v++)
        if (G->v[v].flags & KOL_ROUTE_STOP_END_ONLY)
          _kol_rg_bit_put (S->vend, v, TRUE);
    }
  S->dist = g_new0 (int, MAX (G->nv, 1));
  S->queue = g_new0 (int, (gsize) G->nv + 1);
  S->inq = g_new0 (guint8, MAX (G->nv, 1));
  S->reached = g_new0 (int, MAX (G->nv, 1));
  S->values = g_new0 (int, MAX (G->nv, 1));
  {
    gsize nv = (gsize) MAX (G->nv, 1), ne = (gsize) G->nc + 2;

    S->disc_gen = g_new0 (guint32, nv);
    S->disc = g_new0 (int, nv);
    S->low = g_new0 (int, nv);
    S->frames = g_new0 (Frame, nv);
    S->estack = g_new0 (int, 2 * ne);
    S->block_off = g_new0 (int, ne + 1);
    S->bverts = g_new0 (int, 2 * ne);
    S->vstamp = g_new0 (guint32, nv);
    S->vb_gen = g_new0 (guint32, nv);
    S->vb_head = g_new0 (int, nv);
    S->vb_block = g_new0 (int, 2 * ne);
    S->vb_next = g_new0 (int, 2 * ne);
    S->bparent = g_new0 (int, ne);
    S->border = g_new0 (int, ne);
    S->bweight = g_new0 (gint64, ne);
    S->bdown = g_new0 (gint64, ne);
  }
  S->cands = g_array_new (FALSE, FALSE, sizeof (Cand));
  S->cand_seq = g_array_new (FALSE, FALSE, sizeof (guint32));
  S->cand_res = g_array_new (FALSE, FALSE, sizeof (guint64));
}

void
_kol_rg_search_clear (Search *S)
{
  g_free (S->best_seq);
  g_free (S->tmp_seq);
  g_free (S->tmp_res);
  g_free (S->greedy_seq);
  g_free (S->kids);
  g_free (S->stack);
  g_free (S->vis);
  g_free (S->used);
  g_array_unref (S->arms);
  g_array_unref (S->arm_vis);
  g_array_unref (S->arm_res);
  g_free (S->mark);
  g_free (S->blocked);
  g_free (S->blocked0);
  g_free (S->blk_stack);
  g_free (S->blk_chain);
  g_free (S->chg);
  g_free (S->rows_all);
  g_free (S->rows_pass);
  g_free (S->vloc);
  g_free (S->vanchor);
  g_free (S->vend);
  g_free (S->vtmp);
  g_free (S->bitframes);
  g_free (S->vstk);
  g_free (S->branch);
  g_free (S->nbleft);
  g_free (S->dist);
  g_free (S->queue);
  g_free (S->inq);
  g_free (S->reached);
  g_free (S->values);
  g_free (S->disc_gen);
  g_free (S->disc);
  g_free (S->low);
  g_free (S->frames);
  g_free (S->estack);
  g_free (S->block_off);
  g_free (S->bverts);
  g_free (S->vstamp);
  g_free (S->vb_gen);
  g_free (S->vb_head);
  g_free (S->vb_block);
  g_free (S->vb_next);
  g_free (S->bparent);
  g_free (S->border);
  g_free (S->bweight);
  g_free (S->bdown);
  g_array_unref (S->cands);
  g_array_unref (S->cand_seq);
  g_array_unref (S->cand_res);
}
