/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * Why the engine refused an action, in words: the refusal's code picks a
 * sentence ("Not enough money: …"), its typed arguments fill it, and its
 * reason code (KolReason) says which rule refused, in the title's terms.
 */

char       *kol_refusal_format         (const KolEngine  *engine,
                                        const KolRefusal *refusal);
const char *kol_reason_describe        (const KolTitle   *title,
                                        KolReason         reason);
char       *kol_replay_refusal_text    (const KolEngine  *engine,
                                        guint             move);

G_END_DECLS
