/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-game-private.h"

G_BEGIN_DECLS

/*
 * The internals of KolGame shared by its files: kol-game.c (the object, its
 * properties, signals and getters), kol-game-refresh.c (the log and the
 * refresh after every change), kol-game-actions.c (moves, undo, redo, who
 * acts and the legal actions) and kol-game-file.c (new games, opening,
 * saving, the autosave). kol-game-private.h is what the game shares with
 * its list items; this is a header of its own because the items have
 * property ids and properties[] arrays of their own.
 */

struct _KolGame
{
  GObject parent_instance;

  KolHistory *history;
  char       *title_dir;
  GFile      *path;

  GListStore *players;
  GListStore *companies;
  KolGameBank *bank;
  KolGameMarket *market;
  GListStore *choices;
  GListStore *scores;
  GListStore *log;

  /* the log's replay */
  KolEngine  *cursor;       /* after n_logged actions, logging into pending */
  guint       n_logged;
  GPtrArray  *pending;      /* KolGameLogEntry* logged by the action replayed now */
  guint       logging_action;
  char       *round_key;    /* the heading of the round of the last entry */
  GHashTable *notes;        /* action index → what a computer said of it */
  KolBotDriver *driver;     /* plays the computer seats, or NULL */
  GHashTable *runs;         /* the runs resolved for the map (kol-game-runs.c) */
  GArray     *pointed;      /* gint16: the hexes of the choice pointed at */

  /* properties */
  char       *round_name;
  char       *phase_name;
  char       *step_name;
  char       *end_reason;
  char       *acting_entity_name;
  char       *acting_color;
  char       *acting_text_color;
  char       *acting_chip;
  KolGameCompany *acting_company_item;
  KolGamePlayer  *acting_player_item;
  char       *auction_text;
  int         acting_player;
  int         acting_corp;
  gboolean    can_undo;
  gboolean    can_redo;
  gboolean    live;
  gboolean    finished;
  gboolean    modified;
  guint       position;
  guint       n_actions;
};

enum {
  PROP_0,
  PROP_TITLE_ID,
  PROP_TITLE_NAME,
  PROP_ROUND_NAME,
  PROP_PHASE_NAME,
  PROP_STEP_NAME,
  PROP_ACTING_PLAYER,
  PROP_ACTING_CORPORATION,
  PROP_ACTING_COLOR,
  PROP_ACTING_TEXT_COLOR,
  PROP_ACTING_CHIP,
  PROP_ACTING_COMPANY_ITEM,
  PROP_ACTING_PLAYER_ITEM,
  PROP_AUCTION_TEXT,
  PROP_ACTING_ENTITY_NAME,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LIVE,
  PROP_POSITION,
  PROP_N_ACTIONS,
  PROP_FINISHED,
  PROP_MODIFIED,
  PROP_PATH,
  PROP_AUTOSAVE_FILE,
  PROP_END_REASON,
  PROP_AUTOSAVE_ERROR,
  N_PROPS
};

enum {
  ACTION_APPLIED,
  STATE_CHANGED,
  POINTED_HEXES_CHANGED,
  N_SIGNALS
};

/* The pspecs and signal ids are made in kol-game.c's class_init; every file
 * of the game calls them properties[] and signals[]. */
extern GParamSpec *_kol_game_properties[N_PROPS];
extern guint       _kol_game_signals[N_SIGNALS];
static GParamSpec **const properties = _kol_game_properties;
static guint       *const signals = _kol_game_signals;

/* kol-game-choices.c */
void _kol_game_choices_refresh    (KolGame  *self);

/* kol-game-refresh.c */
void _kol_game_history_changed_cb (KolGame  *self);
void _kol_game_cursor_reset       (KolGame  *self,
                                   guint     n);
void _kol_game_log_extend         (KolGame  *self,
                                   guint     n_actions);
void _kol_game_refresh            (KolGame  *self);
void _kol_game_set_modified       (KolGame  *self,
                                   gboolean  modified);

G_END_DECLS
