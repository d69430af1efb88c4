/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_PAGE (kol_editor_page_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorPage, kol_editor_page, KOL, EDITOR_PAGE, GtkWidget)

/**
 * KolEditorPageContinue:
 * @self: the page
 * @proceed: %TRUE when the changes were saved or may be dropped
 * @user_data: as given
 *
 * Called by kol_editor_page_confirm_close() once the user has decided.
 */
typedef void (*KolEditorPageContinue) (KolEditorPage *self,
                                       gboolean       proceed,
                                       gpointer       user_data);

GtkWidget        *kol_editor_page_new            (void);
KolTitleDocument *kol_editor_page_get_document   (KolEditorPage    *self);
void              kol_editor_page_set_document   (KolEditorPage    *self,
                                                  KolTitleDocument *doc);
gboolean          kol_editor_page_open           (KolEditorPage    *self,
                                                  const char       *dir,
                                                  GError          **error);
gboolean          kol_editor_page_get_modified   (KolEditorPage    *self);
void              kol_editor_page_refresh_titles (KolEditorPage    *self);
void              kol_editor_page_confirm_close  (KolEditorPage         *self,
                                                  KolEditorPageContinue  callback,
                                                  gpointer               user_data);
void              kol_editor_page_show_message   (KolEditorPage    *self,
                                                  const char       *message,
                                                  gboolean          is_error);

G_END_DECLS
