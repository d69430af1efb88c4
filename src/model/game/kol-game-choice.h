/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-engine-action.h"

G_BEGIN_DECLS

/**
 * KolGameChoiceKind:
 * @KOL_GAME_CHOICE_BUTTON: a move chosen with a button (and a number in a
 *   range for a ranged choice)
 * @KOL_GAME_CHOICE_MAP: moves made on the map (laying tiles, placing
 *   tokens, running trains): one such choice per kind of move, for the
 *   map's controls
 * @KOL_GAME_CHOICE_PASS: passing
 *
 * How the action panel offers a #KolGameChoice.
 */
typedef enum
{
  KOL_GAME_CHOICE_BUTTON,
  KOL_GAME_CHOICE_MAP,
  KOL_GAME_CHOICE_PASS,
} KolGameChoiceKind;

#define KOL_TYPE_GAME_CHOICE_KIND (kol_game_choice_kind_get_type ())
GType kol_game_choice_kind_get_type (void);

/*
 * One choice of the current decision, as an item of
 * kol_game_get_choices(): the engine's legal actions grouped as a player
 * sees them (purchases of alike certificates or trains once, bids and
 * prices as one number in a range), in words: its section (the kind of
 * move, in the title's terms), its label (the move in words, told apart
 * from a twin by where or what), and details that say what it costs or
 * changes before it is made. A ranged choice's value can be set; the
 * label follows it.
 */

#define KOL_TYPE_GAME_CHOICE (kol_game_choice_get_type ())

G_DECLARE_FINAL_TYPE (KolGameChoice, kol_game_choice, KOL, GAME_CHOICE, GObject)

KolGameChoiceKind  kol_game_choice_get_kind    (KolGameChoice *self);
const KolAction   *kol_game_choice_get_action  (KolGameChoice *self);
const char        *kol_game_choice_get_section (KolGameChoice *self);
const char        *kol_game_choice_get_label   (KolGameChoice *self);
const char        *kol_game_choice_get_details (KolGameChoice *self);
const char        *kol_game_choice_get_key     (KolGameChoice *self);
gboolean           kol_game_choice_get_ranged  (KolGameChoice *self);
void               kol_game_choice_get_range   (KolGameChoice *self,
                                                int           *min,
                                                int           *max,
                                                int           *step);
int                kol_game_choice_get_value   (KolGameChoice *self);
void               kol_game_choice_set_value   (KolGameChoice *self,
                                                int            value);
gboolean           kol_game_choice_get_preview (KolGameChoice *self,
                                                int           *corp,
                                                int           *row,
                                                int           *col);
const gint16      *kol_game_choice_get_hexes   (KolGameChoice *self,
                                                int           *n_hexes);

G_END_DECLS
