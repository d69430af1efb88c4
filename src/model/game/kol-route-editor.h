/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kol-engine-action.h"
#include "kol-engine-route.h"

G_BEGIN_DECLS

/*
 * Routes drawn by hand for a company's run (a plain struct of the map
 * controller, not a widget): one list of stops per train, edited by
 * clicking stops, checked live by the engine's route validator with the
 * title's routing rules (its route hooks), the trains in order so that
 * track used by one is refused to the next. It starts from the engine's
 * best run and gives back a run_routes action.
 */

typedef struct _KolRouteEditor KolRouteEditor;

KolRouteEditor *kol_route_editor_new            (const KolEngine *engine,
                                                 const KolAction *best_run);
void            kol_route_editor_free           (KolRouteEditor  *self);

int             kol_route_editor_get_n_trains   (KolRouteEditor  *self);
int             kol_route_editor_get_train      (KolRouteEditor  *self);
void            kol_route_editor_next_train     (KolRouteEditor  *self);
const char     *kol_route_editor_get_train_name (KolRouteEditor  *self,
                                                 int              train);

gboolean        kol_route_editor_toggle_stop    (KolRouteEditor  *self,
                                                 int              hex,
                                                 int              node);
int             kol_route_editor_get_n_stops    (KolRouteEditor  *self,
                                                 int              train);
/* The revenue of @train's route, 0 without one, -1 when it is not valid. */
int             kol_route_editor_get_revenue    (KolRouteEditor  *self,
                                                 int              train);
/* Why @train's route is not valid (translated), or NULL. */
const char     *kol_route_editor_get_problem    (KolRouteEditor  *self,
                                                 int              train);
/* Σ revenues, or -1 when some route is not valid. */
int             kol_route_editor_get_total      (KolRouteEditor  *self);
/* The route of @train to draw: resolved paths when valid, the stops alone
 * otherwise. */
const KolRoute *kol_route_editor_get_route      (KolRouteEditor  *self,
                                                 int              train);

/* A copy of the best run with these routes, or NULL when one is not valid. */
KolAction      *kol_route_editor_to_action      (KolRouteEditor  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolRouteEditor, kol_route_editor_free)

G_END_DECLS
