/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "kol-history.h"
#include "kol-record-import.h"

G_BEGIN_DECLS

/*
 * The comparison of a replay with the reference engine's dumps in
 * ../shared/fixtures/oracle (18xx-games-format.md §6.2): after every action
 * the state must match the oracle line of that action; the first mismatch
 * names the action (seq, id, type) and the field.
 */

typedef struct
{
  GPtrArray  *lines;        /* JsonNode*, line 0 = _init, last = _end */
  GHashTable *tiles;        /* hex → "tile/rot", as the oracle has it so far */
  gboolean    init_checked;
  gboolean    init_ok;
  gint64      money;        /* cash of everyone and the bank at setup */
  guint       matched;      /* actions whose state matched */
  guint       total;        /* actions in the oracle */
  char       *divergence;   /* the first mismatch, or NULL */
} KolOracle;

GPtrArray *kol_oracle_read_lines   (const char  *path,
                                    GError     **error);
KolOracle *kol_oracle_new          (const char  *path,
                                    GError     **error);
void       kol_oracle_free         (KolOracle   *oracle);
gboolean   kol_oracle_check_init   (KolOracle *oracle,
                                    KolEngine *initial);
gboolean   kol_oracle_check_step   (KolHistory            *history,
                                    guint                  seq,
                                    const KolRecordAction *action,
                                    gpointer               oracle);
JsonNode  *kol_oracle_end_line     (KolOracle   *oracle);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolOracle, kol_oracle_free)

G_END_DECLS
