/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_ISSUES (kol_editor_issues_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorIssues, kol_editor_issues, KOL, EDITOR_ISSUES, GtkWidget)

GtkWidget  *kol_editor_issues_new               (void);
void        kol_editor_issues_set_document      (KolEditorIssues  *self,
                                                 KolTitleDocument *doc);
GListModel *kol_editor_issues_get_issues        (KolEditorIssues  *self);
gboolean    kol_editor_issues_get_checking      (KolEditorIssues  *self);
void        kol_editor_issues_activate          (KolEditorIssues  *self,
                                                 guint             position);
char       *kol_editor_issues_describe_location (KolTitleIssue *issue);
char       *kol_editor_issues_dup_first_error   (KolEditorIssues  *self);

G_END_DECLS
