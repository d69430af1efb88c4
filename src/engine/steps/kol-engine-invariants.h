/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * What must hold after every action of any 18xx game, for the modules'
 * check_invariants (self-play): money is only moved, certificates and tile
 * copies and station markers are each in exactly one place. Each appends
 * what is wrong to @problems ("…; …") and returns FALSE if something is.
 */

/* Appends one problem to @problems, after a "; " when it holds some. */
void     kol_invariants_problem (GString    *problems,
                                 const char *format,
                                 ...) G_GNUC_PRINTF (2, 3);

/* The bank, the players and the corporations hold @expected between them;
 * no player but a bankrupt one has less than nothing. */
gboolean kol_invariants_money  (KolEngine *engine,
                                gint64     expected,
                                GString   *problems);
/* Every corporation in the game (not closed) is 100 % held by players,
 * the pool and its own treasury; the pool holds at most @max_pool_percent; a floated
 * corporation has a president who holds the president's certificate. */
gboolean kol_invariants_certs  (KolEngine *engine,
                                int        max_pool_percent,
                                GString   *problems);
/* Every tile copy is in the supply or on the one hex that shows it; a hex
 * without a copy shows its printed tile. */
gboolean kol_invariants_tiles  (KolEngine *engine,
                                GString   *problems);
/* Every placed station marker is in its slot and every slot's marker is
 * there; with @one_per_hex (NULL: every corporation) a corporation has at
 * most one marker on a hex. */
gboolean kol_invariants_tokens (KolEngine *engine,
                                gboolean (*one_per_hex) (KolEngine *engine, int corp),
                                GString   *problems);

G_END_DECLS
