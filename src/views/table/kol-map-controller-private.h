/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the map controller's files share: its instance struct and the
 * helpers the tile and city choosers (kol-map-controller-chooser.c) use. */

#include <gtk/gtk.h>

#include "kol-map-controller.h"
#include "kol-route-editor.h"

G_BEGIN_DECLS

#define PREVIEW_SIZE 72

typedef enum
{
  MODE_LAY    = 1 << 0,
  MODE_TOKEN  = 1 << 1,
  MODE_ROUTES = 1 << 2,
} Mode;

struct _KolMapController
{
  GObject             parent_instance;

  KolMapView         *view;
  KolGame            *game;
  GSimpleActionGroup *actions;
  GtkEventController *keys;
  GtkWidget          *popover;

  GPtrArray          *legal;        /* KolAction*, the decision now */
  guint               mode;         /* Mode bits */
  KolEntity           layer;        /* whose lays are offered */
  int                 chooser_hex;  /* hex whose tiles the popover offers, -1 */
  int                 node_hex;     /* hex of a node click, to skip its hex click */

  /* the tentative tile */
  int                 tent_hex;     /* -1 when none */
  int                 tent_tile;
  int                 tent_rotation;
  guint8              tent_rotations;

  const KolAction    *run;          /* the run_routes candidate in legal */
  int                 run_revenue;
  KolRouteEditor  *editor;       /* the routes shown, per train */
  gboolean            edited;       /* drawn by hand since shown */

  char               *guidance;
  char               *error;
  gboolean            pending;
};

const KolTitle *
_kol_map_controller_title_of (KolMapController *self);

const char *
_kol_map_controller_tile_name (KolMapController *self,
           int               tile);

const KolAction *
_kol_map_controller_find_lay (KolMapController *self,
          int               hex,
          int               tile,
          int               rotation);

const KolAction *
_kol_map_controller_find_token (KolMapController *self,
            int               hex,
            int               city);

gboolean
_kol_map_controller_play (KolMapController *self,
      const KolAction  *action);

void
_kol_map_controller_update_state (KolMapController *self);

void
_kol_map_controller_close_chooser (KolMapController *self);

void
_kol_map_controller_popover_closed_cb (GtkPopover       *popover,
                   KolMapController *self);

void
_kol_map_controller_open_chooser (KolMapController *self,
              int               hex,
              const int        *tiles,
              const guint8     *rotations,
              int               n);

void
_kol_map_controller_open_city_chooser (KolMapController *self,
                   int               hex);

G_END_DECLS
