/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define KOL_TITLE_INFO_ERROR (kol_title_info_error_quark ())

/**
 * KolTitleInfoError:
 * @KOL_TITLE_INFO_ERROR_READ: the file could not be read or is not JSON
 * @KOL_TITLE_INFO_ERROR_INVALID: a required member is missing or wrong
 */
typedef enum
{
  KOL_TITLE_INFO_ERROR_READ,
  KOL_TITLE_INFO_ERROR_INVALID,
} KolTitleInfoError;

#define KOL_TYPE_TITLE_INFO (kol_title_info_get_type ())

G_DECLARE_FINAL_TYPE (KolTitleInfo, kol_title_info, KOL, TITLE_INFO, GObject)

GQuark        kol_title_info_error_quark        (void);

KolTitleInfo *kol_title_info_new_from_file      (GFile              *file,
                                                 GError            **error);
const char   *kol_title_info_get_id             (KolTitleInfo       *self);
const char   *kol_title_info_get_name           (KolTitleInfo       *self);
const char   *kol_title_info_get_designer       (KolTitleInfo       *self);
guint         kol_title_info_get_min_players    (KolTitleInfo       *self);
guint         kol_title_info_get_max_players    (KolTitleInfo       *self);
GFile        *kol_title_info_get_directory      (KolTitleInfo       *self);
char         *kol_title_info_dup_players_label  (KolTitleInfo       *self);

gboolean      kol_title_id_is_valid             (const char         *id);

GStrv         kol_title_info_get_search_dirs    (void);
GListModel   *kol_title_info_list_in_dirs       (const char * const *dirs);
GListModel   *kol_title_info_list_titles        (void);

G_END_DECLS
