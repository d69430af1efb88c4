/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kol-engine.h"
#include "kol-engine-route.h"
#include "kol-history.h"
#include "kol-bot-driver.h"
#include "kol-game-bank.h"
#include "kol-game-choice.h"
#include "kol-game-company.h"
#include "kol-game-holding.h"
#include "kol-game-log-entry.h"
#include "kol-game-market.h"
#include "kol-game-player.h"
#include "kol-game-row.h"

G_BEGIN_DECLS

/*
 * KolGame: one game being played, as the views see it. It owns a KolHistory
 * (the engine state, the action log, undo/redo, autosave) and presents it as
 * properties, a signal after each applied action, and list models the views
 * bind to. Engine refusals become translated GErrors in KOL_GAME_ERROR.
 *
 * The item types of the list models are one GObject per file:
 * KolGamePlayer, KolGameCompany (corporations, tram lines and private
 * companies, with a "kind") and KolGameLogEntry. Items are refreshed in place after each action (their
 * properties notify), and the models emit items-changed only when items are
 * added or removed, so views keep their scroll positions and selections.
 */

#define KOL_GAME_ERROR (kol_game_error_quark ())

typedef enum
{
  KOL_GAME_ERROR_REFUSED,     /* the engine refused the action; message says why */
  KOL_GAME_ERROR_NOT_LIVE,    /* viewing the past: continue only with confirmation */
  KOL_GAME_ERROR_FILE,        /* opening/saving/importing failed */
} KolGameError;

#define KOL_TYPE_GAME (kol_game_get_type ())

G_DECLARE_FINAL_TYPE (KolGame, kol_game, KOL, GAME, GObject)

GQuark          kol_game_error_quark       (void);

/* Creation: a new game, an opened save, an imported 18xx.games record. */
KolGame        *kol_game_new               (const char          *title_dir,
                                            int                  n_players,
                                            const char * const  *player_names,
                                            const char * const  *options,
                                            gint64               seed,
                                            GError             **error);
KolGame        *kol_game_new_from_file     (GFile               *file,
                                            GError             **error);
KolGame        *kol_game_new_from_record   (GFile               *file,
                                            GError             **error);
void            kol_game_load_async        (GFile               *file,
                                            gboolean             record,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
KolGame        *kol_game_load_finish       (GAsyncResult        *result,
                                            GError             **error);
gboolean        kol_game_save              (KolGame             *self,
                                            GFile               *file,
                                            GError             **error);

/* The engine side (valid until the next action or seek). */
KolHistory     *kol_game_get_history       (KolGame *self);
const KolTitle *kol_game_get_title         (KolGame *self);
const KolEngine*kol_game_get_engine        (KolGame *self);

/* Acting. */
gboolean        kol_game_apply_action      (KolGame          *self,
                                            const KolAction  *action,
                                            GError          **error);
gboolean        kol_game_undo              (KolGame *self,
                                            GError **error);
/* Who plays each seat: a #KolPolicyKind strength, -1 for a person (saved). */
void            kol_game_set_computer      (KolGame *self,
                                            int      player,
                                            int      strength);
int             kol_game_get_computer      (KolGame *self,
                                            int      player);
int             kol_game_get_computer_count (KolGame *self);
/* The driver that plays the computer seats, made on the first call: from
 * then on they act by themselves in the main loop. */
KolBotDriver   *kol_game_get_bot_driver    (KolGame *self);
gboolean        kol_game_redo              (KolGame *self,
                                            GError **error);
/* View the game after @n actions (0 = setup); live again at n_actions. */
gboolean        kol_game_seek              (KolGame *self,
                                            guint    n,
                                            GError **error);

/* Translated text for the current refusal / an engine log entry, with the
 * title's own terms (1840 «Раунд акций» vs 1849 «Фондовый раунд»). */
char           *kol_game_describe_entity   (KolGame   *self,
                                            KolEntity  entity);
char           *kol_game_format_money      (KolGame   *self,
                                            int        amount);

/* List models (item types above). */
GListModel     *kol_game_get_players       (KolGame *self);
GListModel     *kol_game_get_companies     (KolGame *self);
GListModel     *kol_game_get_log           (KolGame *self);
KolGameBank    *kol_game_get_bank          (KolGame *self);
KolGameMarket  *kol_game_get_market        (KolGame *self);
GListModel     *kol_game_get_choices       (KolGame *self);
GListModel     *kol_game_get_scores        (KolGame *self);

/*
 * Properties (all read-only, notify on change):
 *   "title-id", "title-name"       strings
 *   "round-name"                   translated, per-title term ("Stock Round")
 *   "phase-name"                   string
 *   "acting-player"                int (player index, -1)
 *   "acting-entity-name"           translated description of who acts now
 *   "can-undo", "can-redo"         booleans
 *   "live"                         FALSE while viewing the past
 *   "position", "n-actions"        uint
 *   "finished"                     boolean
 *   "path"                         GFile, where it is saved (NULL if never)
 * Signals:
 *   "action-applied" (KolAction* as gpointer, or NULL after undo/redo/seek)
 *   "state-changed"  ()            after anything that changes what is shown
 */

/*
 * ---- Extensions for the table ----
 *
 * Creating a game for a history already made (tests, the importer), the
 * folder of its title, acting with confirmation when viewing the past,
 * checking an action without playing it, the current decision as the
 * engine's concrete legal actions, actions in words, autosave, and
 * getters of the properties.
 *
 * More properties (read-only, notify on change):
 *   "step-name"                    translated: what is being decided now
 *   "acting-corporation"           int: the corporation acting now, -1
 *   "acting-color"                 string "#rrggbb" of the acting
 *                                  corporation, NULL
 *   "acting-text-color", "acting-chip"  the ink and the id of its chip
 *                                  (a line's: its tram company's)
 *   "acting-company-item", "acting-player-item"  the items acting now
 *   "auction-text"                 the bids open in an auction, NULL
 *   "modified"                     boolean: changed since opened or saved
 *   "autosave-file"                GFile, where the game is autosaved
 *   "end-reason"                   translated: why the game ended, NULL
 *   "autosave-error"               GError: why the autosave fails, NULL
 *                                  while it works (every move retries)
 */

/**
 * KolGameApplyFlags:
 * @KOL_GAME_APPLY_NONE: an ordinary move; refused with
 *   %KOL_GAME_ERROR_NOT_LIVE while the past is shown
 * @KOL_GAME_APPLY_DISCARD_FUTURE: the players agreed to continue from the
 *   point shown: the actions after it are discarded first
 */
typedef enum
{
  KOL_GAME_APPLY_NONE = 0,
  KOL_GAME_APPLY_DISCARD_FUTURE = 1 << 0,
} KolGameApplyFlags;

KolGame        *kol_game_new_for_history   (KolHistory          *history,
                                            const char          *title_dir);
const char     *kol_game_get_title_dir     (KolGame             *self);
GFile          *kol_game_get_path          (KolGame             *self);

gboolean   kol_game_apply_action_full   (KolGame             *self,
                                         const KolAction     *action,
                                         KolGameApplyFlags    flags,
                                         GError             **error);
gboolean   kol_game_apply_action_noted  (KolGame             *self,
                                         const KolAction     *action,
                                         const char          *note,
                                         GError             **error);
gboolean   kol_game_check_action        (KolGame             *self,
                                         const KolAction     *action,
                                         GError             **error);
int        kol_game_action_cost         (KolGame             *self,
                                         const KolAction     *action);
gboolean   kol_game_continue_from_here  (KolGame            *self,
                                         GError            **error);
GPtrArray *kol_game_legal_actions       (KolGame             *self);
GPtrArray *kol_game_out_of_turn_actions (KolGame             *self);
int        kol_game_get_acting_entities (KolGame           *self,
                                         KolEntity         *out,
                                         int                max);
char      *kol_game_describe_action     (KolGame             *self,
                                         const KolAction     *action);
char      *kol_game_describe_return     (KolGame             *self,
                                         const KolAction     *action);
char      *kol_game_describe_offer      (KolGame             *self);
GError    *kol_game_refusal_error       (KolGame             *self,
                                         const KolEngine     *engine,
                                         const GError        *engine_error);

/**
 * KolGameRun:
 * @corp: the company that ran (its index among the game's companies)
 * @action_index: the history entry that made the run
 * @revenue: what the run earned (extra revenue included)
 * @label: what the map writes by it ("SBB: L.120"), or %NULL
 * @n_routes: trains that ran
 * @routes: their routes: the paths of the track used where the validator
 *   resolves the run in the state it was made in, the stops alone otherwise
 *
 * A company's last run (kol_game_get_last_runs()).
 */
typedef struct
{
  int       corp;
  guint     action_index;
  int       revenue;
  char     *label;
  int       n_routes;
  KolRoute *routes;
} KolGameRun;

GPtrArray *kol_game_get_last_runs       (KolGame             *self);

void          kol_game_set_pointed_hexes (KolGame      *self,
                                          const gint16 *hexes,
                                          int           n_hexes);
const gint16 *kol_game_get_pointed_hexes (KolGame      *self,
                                          int          *n_hexes);

gboolean        kol_game_enable_autosave   (KolGame             *self,
                                            const char          *dir,
                                            GError             **error);
gboolean        kol_game_remove_autosave   (KolGame             *self,
                                            GError             **error);
GFile          *kol_game_get_autosave_file (KolGame             *self);
const GError   *kol_game_get_autosave_error (KolGame            *self);
int             kol_game_get_autosaved_n_actions (KolGame       *self);
gboolean        kol_game_retry_autosave    (KolGame             *self,
                                            GError             **error);

const char *kol_game_get_title_id           (KolGame *self);
const char *kol_game_get_title_name         (KolGame *self);
const char *kol_game_get_round_name         (KolGame *self);
const char *kol_game_get_phase_name         (KolGame *self);
const char *kol_game_get_step_name          (KolGame *self);
const char *kol_game_get_end_reason         (KolGame *self);
const char *kol_game_get_acting_chip        (KolGame *self);
KolGameCompany *kol_game_get_acting_company_item (KolGame *self);
KolGamePlayer  *kol_game_get_acting_player_item  (KolGame *self);
const char *kol_game_get_auction_text       (KolGame *self);
int         kol_game_get_acting_player      (KolGame *self);
int         kol_game_get_acting_corporation (KolGame *self);
const char *kol_game_get_acting_entity_name (KolGame *self);
gboolean    kol_game_get_can_undo           (KolGame *self);
gboolean    kol_game_get_can_redo           (KolGame *self);
gboolean    kol_game_get_live               (KolGame *self);
guint       kol_game_get_position           (KolGame *self);
guint       kol_game_get_n_actions          (KolGame *self);
gboolean    kol_game_get_finished           (KolGame *self);
gboolean    kol_game_get_modified           (KolGame *self);

/*
 * ---- Needed by panels (the charters, players, bank, log and game-over
 * views in src/views bind to these; the names are the item files' own) ----
 *
 * The views read everything else from kol_game_get_engine() after
 * "state-changed"; from the items they use:
 *   KolGamePlayer    "index", "name", "acting"
 *   KolGameCompany   "index", "kind" (KolGameCompanyKind), "id", "acting"
 *   KolGameLogEntry  "text", "round", "position", "category", "future"
 *
 * Words: each title's own words live in its data, game.json "terms"
 * (data/games/README.md), read with kol_title_term() (kol-engine-title.h).
 * One module owns words, money and the language of title data:
 * kol-game-words.h (kol_game_word(), kol_game_word_round(), _step(),
 * _action(), kol_game_word_money(), kol_game_word_language()). Its log
 * sentences (kol-log-format.h) and refusals (kol-refusal-format.h) look
 * there first too, under ids made from the engine's names
 * ("round_stock_round", "step_run_routes", "action_buy_train",
 * "log_runs_train", "reason_train_limit", "refusal_train"; see
 * kol_game_word_own()), and fall back to the usual 18xx wording
 * translated in po/, so no generic code names a title. Title-only facts for
 * the table (a line's tram company, 1849's E-token, 1840's position on the
 * round bar) are in src/engine/kol-engine-info.h.
 */

G_END_DECLS
