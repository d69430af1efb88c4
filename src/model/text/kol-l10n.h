/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void        kol_l10n_init_gettext       (void);
const char *kol_l10n_get_locale_dir     (void);
const char *kol_l10n_pick               (JsonNode           *text);
const char *kol_l10n_pick_for_languages (JsonNode           *text,
                                         const char * const *languages);

G_END_DECLS
