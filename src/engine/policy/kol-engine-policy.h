/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * How self-play chooses among legal actions (koleya-cli selfplay
 * --policy=weighted, and the tests that play whole games through the model
 * and the table): by kind of action, weighted so that random games end —
 * buying a company at its price, running trains and paying out are
 * favoured, loans and selling are rare.
 */

guint kol_policy_choose_weighted (const KolEngine *engine,
                                  GPtrArray       *actions,
                                  GRand           *rand,
                                  gboolean         no_raises);

G_END_DECLS
