/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-shares.h"

G_BEGIN_DECLS

/*
 * Internals shared by the questions about certificates
 * (kol-engine-shares.c) and the certificates changing hands
 * (kol-engine-shares-transfer.c).
 */

static inline KolEntity
_kol_shares_pool_entity (void)
{
  return kol_entity (KOL_ENTITY_POOL, 0);
}

static inline gboolean
_kol_shares_entity_is_none (KolEntity e)
{
  return e.kind == KOL_ENTITY_NONE;
}

G_END_DECLS
