/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kol-engine-types.h"

G_BEGIN_DECLS

/**
 * KolGameCompanyKind:
 * @KOL_GAME_COMPANY_CORPORATION: a share company with a president or
 *   director (1849's corporations, 1840's tram companies)
 * @KOL_GAME_COMPANY_LINE: a company run by another one (1840's lines)
 * @KOL_GAME_COMPANY_CITY: a share company without a president (1840's
 *   Stadtbahn companies)
 * @KOL_GAME_COMPANY_PRIVATE: a private company
 *
 * What a #KolGameCompany is; from the title data's corporation "type".
 */
typedef enum
{
  KOL_GAME_COMPANY_CORPORATION,
  KOL_GAME_COMPANY_LINE,
  KOL_GAME_COMPANY_CITY,
  KOL_GAME_COMPANY_PRIVATE,
} KolGameCompanyKind;

#define KOL_TYPE_GAME_COMPANY_KIND (kol_game_company_kind_get_type ())
GType kol_game_company_kind_get_type (void);

/**
 * KolGameCompanyStatus:
 * @KOL_GAME_COMPANY_ACTIVE: in play (started and floated; a private with
 *   an owner or for sale)
 * @KOL_GAME_COMPANY_NOT_STARTED: not parred yet
 * @KOL_GAME_COMPANY_NOT_FLOATED: parred, not floated yet
 * @KOL_GAME_COMPANY_CLOSED: closed
 * @KOL_GAME_COMPANY_REMOVED: not in this game (1840 at two players)
 *
 * Where a company stands.
 */
typedef enum
{
  KOL_GAME_COMPANY_ACTIVE,
  KOL_GAME_COMPANY_NOT_STARTED,
  KOL_GAME_COMPANY_NOT_FLOATED,
  KOL_GAME_COMPANY_CLOSED,
  KOL_GAME_COMPANY_REMOVED,
} KolGameCompanyStatus;

#define KOL_TYPE_GAME_COMPANY_STATUS (kol_game_company_status_get_type ())
GType kol_game_company_status_get_type (void);

/*
 * A corporation, line or private company, as an item of
 * kol_game_get_companies(): what its charter shows, in words (the title's
 * terms, money in its currency), refreshed in place; each property
 * notifies only when its value changed.
 */

#define KOL_TYPE_GAME_COMPANY (kol_game_company_get_type ())

G_DECLARE_FINAL_TYPE (KolGameCompany, kol_game_company, KOL, GAME_COMPANY, GObject)

KolEntity            kol_game_company_get_entity       (KolGameCompany *self);
KolGameCompanyKind   kol_game_company_get_kind         (KolGameCompany *self);
KolGameCompanyStatus kol_game_company_get_status       (KolGameCompany *self);
const char          *kol_game_company_get_id           (KolGameCompany *self);
const char          *kol_game_company_get_name         (KolGameCompany *self);
const char          *kol_game_company_get_short_name   (KolGameCompany *self);
const char          *kol_game_company_get_color        (KolGameCompany *self);
const char          *kol_game_company_get_text_color   (KolGameCompany *self);
int                  kol_game_company_get_treasury     (KolGameCompany *self);
int                  kol_game_company_get_price        (KolGameCompany *self);
int                  kol_game_company_get_par          (KolGameCompany *self);
int                  kol_game_company_get_president    (KolGameCompany *self);
int                  kol_game_company_get_parent       (KolGameCompany *self);
int                  kol_game_company_get_order_badge  (KolGameCompany *self);
const char * const  *kol_game_company_get_trains       (KolGameCompany *self);
const char * const  *kol_game_company_get_extras       (KolGameCompany *self);
const char * const  *kol_game_company_get_bids         (KolGameCompany *self);
gboolean             kol_game_company_get_auctioning   (KolGameCompany *self);
gboolean             kol_game_company_get_acting       (KolGameCompany *self);
GListModel          *kol_game_company_get_subsidiaries (KolGameCompany *self);

G_END_DECLS
