/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-engine-types.h"

G_BEGIN_DECLS

/*
 * A share certificate, as an item of kol_game_get_certificates(): whose
 * shares, how many percent, who holds it.
 */

#define KOL_TYPE_GAME_CERTIFICATE (kol_game_certificate_get_type ())

G_DECLARE_FINAL_TYPE (KolGameCertificate, kol_game_certificate, KOL, GAME_CERTIFICATE, GObject)

int         kol_game_certificate_get_corp       (KolGameCertificate *self);
int         kol_game_certificate_get_percent    (KolGameCertificate *self);
gboolean    kol_game_certificate_get_president  (KolGameCertificate *self);
KolEntity   kol_game_certificate_get_owner      (KolGameCertificate *self);
const char *kol_game_certificate_get_owner_name (KolGameCertificate *self);

G_END_DECLS
