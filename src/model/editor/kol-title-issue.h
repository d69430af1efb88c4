/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * One problem the editor's validation found in a title, with what a
 * validation panel needs to jump to it: the file, the JSON path, the line
 * and column in the text as it would be saved, and, where the problem is
 * about one, the hex or the manifest tile.
 */

/**
 * KolTitleIssueSeverity:
 * @KOL_TITLE_ISSUE_ERROR: the title does not load
 * @KOL_TITLE_ISSUE_WARNING: it loads, but something is likely wrong
 */
typedef enum
{
  KOL_TITLE_ISSUE_ERROR,
  KOL_TITLE_ISSUE_WARNING,
} KolTitleIssueSeverity;

#define KOL_TYPE_TITLE_ISSUE_SEVERITY (kol_title_issue_severity_get_type ())
#define KOL_TYPE_TITLE_ISSUE (kol_title_issue_get_type ())

G_DECLARE_FINAL_TYPE (KolTitleIssue, kol_title_issue, KOL, TITLE_ISSUE, GObject)

GType                 kol_title_issue_severity_get_type (void);

KolTitleIssueSeverity kol_title_issue_get_severity      (KolTitleIssue *self);
const char           *kol_title_issue_get_code          (KolTitleIssue *self);
int                   kol_title_issue_get_file          (KolTitleIssue *self);
const char           *kol_title_issue_get_path          (KolTitleIssue *self);
int                   kol_title_issue_get_line          (KolTitleIssue *self);
int                   kol_title_issue_get_column        (KolTitleIssue *self);
const char           *kol_title_issue_get_hex           (KolTitleIssue *self);
const char           *kol_title_issue_get_tile          (KolTitleIssue *self);
const char           *kol_title_issue_get_message       (KolTitleIssue *self);
const char           *kol_title_issue_get_configuration (KolTitleIssue *self);
char                 *kol_title_issue_format            (KolTitleIssue *self);

G_END_DECLS
