/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-policy.h"

G_BEGIN_DECLS

/*
 * What the computer players say about their choices (KolPolicyWhy), in
 * words: "ATA pays out: its shareholders gain more than its treasury
 * would". Each reason has an English sentence translated in po/, which a
 * title may word its own way in its game.json "terms" under "why_<name>"
 * (1840 speaks of trams); {corp} and {amount} stand for the corporation
 * and the money (or count) of the reason.
 */

/* The sentence, or NULL when there is nothing to say. */
char       *kol_why_format        (const KolEngine    *engine,
                                   const KolPolicyWhy *why);
/* "Easy", "Medium", "Strong" (translated); NULL for other kinds. */
const char *kol_why_strength_name (int                 strength);

G_END_DECLS
