/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-log.h"

G_BEGIN_DECLS

/*
 * The engine's structured log entries (kol-engine-log.h) in words: every
 * KolLogKind has an English template whose arguments are numbered
 * ("%1$s buys a %2$s share of %3$s"), translated with the title's own terms
 * (1840 trams and directors, 1849 trains and presidents), and each typed
 * argument is formatted for the reader (a player's name, a corporation's
 * id, money in the title's currency, a hex with its location name). The
 * kinds a rules module adds (from KOL_LOG_TITLE_BASE) are in its words
 * (KolTitleModule.words), translated here like the core's.
 */

/**
 * KolLogCategory:
 * @KOL_LOG_CATEGORY_ACTION: what an entity did
 * @KOL_LOG_CATEGORY_DETAIL: a consequence listed under an action (one
 *   receiver of a dividend, one owner of rusted trains)
 * @KOL_LOG_CATEGORY_EVENT: something the rules made happen (a phase
 *   event, trains rusting, a private closing)
 * @KOL_LOG_CATEGORY_ROUND: a new round begins
 *
 * How a log view may set an entry apart.
 */
typedef enum
{
  KOL_LOG_CATEGORY_ACTION,
  KOL_LOG_CATEGORY_DETAIL,
  KOL_LOG_CATEGORY_EVENT,
  KOL_LOG_CATEGORY_ROUND,
} KolLogCategory;

char          *kol_log_format_arg       (const KolEngine   *engine,
                                         const KolArg      *arg);
char          *kol_log_format_entry     (const KolEngine   *engine,
                                         const KolLogEntry *entry);
char          *kol_log_format_template  (const char         *template_,
                                         const char * const *values,
                                         guint               n_values);
const char    *kol_log_kind_template    (const KolTitle    *title,
                                         int                kind,
                                         int                count);
KolLogCategory kol_log_kind_category    (const KolTitle    *title,
                                         int                kind);
gboolean       kol_log_kind_is_round    (const KolTitle    *title,
                                         int                kind);

G_END_DECLS
