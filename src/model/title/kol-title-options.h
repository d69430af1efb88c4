/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The options a title offers for a new game (game.json "options"), with
 * the conditions under which each may be chosen: the player counts it is
 * for, the options it needs and those it cannot go with. Hidden options
 * (set by the importer, never by players) are read but not offered.
 */

/**
 * KolTitleOption:
 * @id: the option's id
 * @name: its name in the user's language
 * @description: what it changes, in the user's language
 * @players: (nullable): the player counts it is for (#int), %NULL for all
 * @requires: options it needs
 * @excludes: options it cannot go with
 * @hidden: never offered to players
 */
typedef struct
{
  char    *id;
  char    *name;
  char    *description;
  GArray  *players;
  GStrv    requires;
  GStrv    excludes;
  gboolean hidden;
} KolTitleOption;

GPtrArray *kol_title_options_load    (const char            *title_dir,
                                      GError               **error);
gboolean   kol_title_option_allowed  (const KolTitleOption  *option,
                                      GPtrArray             *all,
                                      int                    n_players,
                                      const char * const    *selected);
void       kol_title_option_free     (KolTitleOption        *option);

G_END_DECLS
