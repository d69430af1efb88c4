/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-game.h"
#include "kol-game-certificate.h"
#include "kol-game-company.h"
#include "kol-game-log-entry.h"
#include "kol-game-player.h"
#include "kol-game-train.h"

G_BEGIN_DECLS

/*
 * Between KolGame and its list items: the game refreshes each item from the
 * state shown, and an item notifies only the properties whose value changed
 * (the helpers below), so a view bound to a property redraws only when it
 * must.
 */

KolGamePlayer      *_kol_game_player_new                 (int              index);
void                _kol_game_player_update              (KolGamePlayer   *self,
                                                          KolEngine       *engine,
                                                          KolEntity        acting);
KolGameCompany     *_kol_game_company_new                (KolEntity        entity);
void                _kol_game_company_update             (KolGameCompany  *self,
                                                          KolEngine       *engine,
                                                          KolEntity        acting);
KolGameCertificate *_kol_game_certificate_new            (int              index);
void                _kol_game_certificate_update         (KolGameCertificate *self,
                                                          KolEngine          *engine);
KolGameTrain       *_kol_game_train_new                  (int              index);
void                _kol_game_train_update               (KolGameTrain    *self,
                                                          KolEngine       *engine,
                                                          const guint8    *available);
KolGameLogEntry    *_kol_game_log_entry_new              (guint            index,
                                                          const char      *text,
                                                          const char      *round,
                                                          int              kind,
                                                          KolLogCategory   category,
                                                          guint            action_index);
void                _kol_game_log_entry_set_future       (KolGameLogEntry *self,
                                                          gboolean         future);
guint               _kol_game_log_entry_get_action_index (KolGameLogEntry *self);

/* The name of an entity in logs and labels (a player's name, a
 * corporation's id, a private's name), translated where it is a word. */
char               *_kol_game_round_track_id     (KolEngine       *engine);
char               *_kol_game_entity_name        (const KolEngine *engine,
                                                  KolEntity        entity);

/* Set-and-notify helpers: the field changes and the property notifies only
 * when the value is new. */
static inline void
_kol_set_int (GObject    *object,
              int        *field,
              int         value,
              GParamSpec *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

static inline void
_kol_set_bool (GObject    *object,
               gboolean   *field,
               gboolean    value,
               GParamSpec *pspec)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

/* Takes @value. */
static inline void
_kol_set_string (GObject    *object,
                 char      **field,
                 char       *value,
                 GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

/* Takes @value. */
static inline void
_kol_set_strv (GObject    *object,
               char     ***field,
               char      **value,
               GParamSpec *pspec)
{
  if (*field != NULL && value != NULL && g_strv_equal ((const char * const *) *field,
                                                       (const char * const *) value))
    {
      g_strfreev (value);
      return;
    }
  g_strfreev (*field);
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

G_END_DECLS
