/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * Small helpers the editor's widgets share: the names people see for the
 * data's colours, node kinds and edges, reading values out of the
 * document's JSON, lists typed as words, and reporting a refused edit.
 */

/* The colours of tiles and hexes, in the order menus offer them. */
extern const char * const kol_editor_colors[];
#define KOL_EDITOR_N_COLORS 8

extern const char * const kol_editor_node_kinds[];
#define KOL_EDITOR_N_NODE_KINDS 4

const char  *kol_editor_color_label     (const char        *color);
const char  *kol_editor_node_kind_label (const char        *kind);
char        *kol_editor_edge_label      (const char        *layout,
                                         int                edge,
                                         gboolean           brief);
int          kol_editor_index_of        (const char * const *values,
                                         const char         *value);

GtkStringList *kol_editor_color_model   (gboolean           with_all);

const char  *kol_editor_object_string   (JsonObject        *object,
                                         const char        *key);
gint64       kol_editor_object_int      (JsonObject        *object,
                                         const char        *key,
                                         gint64             fallback);
char        *kol_editor_join_strings    (JsonObject        *object,
                                         const char        *key);
GStrv        kol_editor_split_words     (const char        *text);
const char  *kol_editor_map_layout      (KolTitleDocument  *doc);

void         kol_editor_report          (GtkWidget         *widget,
                                         const GError      *error);
void         kol_editor_entry_set_text  (GtkEditable       *editable,
                                         const char        *text);

G_END_DECLS
