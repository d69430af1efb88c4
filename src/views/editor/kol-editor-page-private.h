/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-editor-companies-page.h"
#include "kol-editor-game-page.h"
#include "kol-editor-issues.h"
#include "kol-editor-map.h"
#include "kol-editor-market-page.h"
#include "kol-editor-page.h"
#include "kol-editor-preview.h"
#include "kol-editor-tiles.h"
#include "kol-editor-trains-page.h"
#include "kol-editor-upgrade-chart.h"
#include "kol-print-export.h"

G_BEGIN_DECLS

/*
 * What the files of KolEditorPage share: kol-editor-page.c (the page, the
 * document, the banner, the title chooser), kol-editor-page-actions.c
 * (saving, opening, new titles, playing) and kol-editor-page-print.c
 * (printing and exporting).
 */

struct _KolEditorPage
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  KolEditorPreview *preview;
  gboolean          fit;            /* print and export on one page */
  KolPrintOptions   print_opts;     /* the export dialog's last choices */
  KolPrintOutput    print_output;
  gboolean          print_opts_set;
  guint             banner_id;
  gboolean          paned_placed;   /* the problems panel got its first height */

  GtkWidget             *overlay;
  GtkStack              *stack;
  GtkListBox            *title_list;
  GtkLabel              *name_label;
  GtkLabel              *state_label;
  GtkButton             *undo_button;
  GtkButton             *redo_button;
  GtkWidget             *play_button;
  GtkRevealer           *banner;
  GtkWidget             *banner_box;
  GtkLabel              *banner_label;
  GtkExpander           *banner_details;
  GtkLabel              *banner_details_label;
  GtkWidget             *reload_button;
  GtkWidget             *keep_button;
  GtkPaned              *paned;
  GtkStack              *content_stack;
  KolEditorTiles        *tiles;
  KolEditorMap          *map;
  KolEditorUpgradeChart *chart;
  KolEditorMarketPage   *market_page;
  KolEditorTrainsPage   *trains_page;
  KolEditorCompaniesPage *corporations_page;
  KolEditorCompaniesPage *privates_page;
  KolEditorGamePage     *game_page;
  KolEditorIssues       *issues;
};

/* kol-editor-page.c */
void     _kol_editor_page_emit_titles_changed (KolEditorPage *self);
void     _kol_editor_page_emit_closed         (KolEditorPage *self);
char    *_kol_editor_page_title_name          (KolEditorPage *self,
                                               const char    *language);

void     _kol_editor_page_ask_about_disk      (KolEditorPage *self);

/* kol-editor-page-actions.c */
void     _kol_editor_page_class_init_actions  (GtkWidgetClass *widget_class);
void     _kol_editor_page_update_actions      (KolEditorPage  *self);
void     _kol_editor_page_save_then           (KolEditorPage         *self,
                                               KolEditorPageContinue  callback,
                                               gpointer               user_data);

/* kol-editor-page-print.c */
void     _kol_editor_page_print_action_cb     (GtkWidget  *widget,
                                               const char *action_name,
                                               GVariant   *parameter);
void     _kol_editor_page_export_action_cb    (GtkWidget  *widget,
                                               const char *action_name,
                                               GVariant   *parameter);

G_END_DECLS
