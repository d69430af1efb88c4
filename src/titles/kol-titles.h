/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The registry of rules modules: the only place that names a title's code.
 * The engine's core never links a title; whoever loads a title (the model's
 * title loader, tests) resolves its game.json "rules_module" here and hands
 * the module to the engine through KolTitle.module.
 */

const KolTitleModule *kol_titles_lookup (const char *rules_module);
const char * const   *kol_titles_ids    (void);
const char           *kol_titles_nth_id (guint       n);

G_END_DECLS
