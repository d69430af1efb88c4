/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-action-json.h"

G_BEGIN_DECLS

/*
 * Internals shared by the files of the action JSON: kol-action-json.c
 * (reading an action: the context, errors, field readers, payloads and
 * auto actions), kol-action-json-ids.c (ids resolved against the state,
 * and written back) and kol-action-json-write.c (actions written as JSON).
 * The shared helpers carry the prefix _kol_aj_ (action JSON).
 */

typedef struct
{
  KolEngine     *engine;
  GString     *path;     /* JSON path of the current action */
  char       **error_path;
  GError     **error;
  /* what _kol_aj_fail() says the action is ("Action 57 at $.actions[56]"), put
   * together only on failure: a replay parses hundreds of actions */
  JsonObject  *object;
  const char  *action_path;
  gboolean     is_auto;
} Ctx;

/* Fails the reading of the action in @c at @field (sets c->error and the
 * error path); returns FALSE. */
gboolean          _kol_aj_fail                (Ctx        *c,
                                               int         code,
                                               const char *field,
                                               const char *format,
                                               ...) G_GNUC_PRINTF (4, 5);

/* Field readers. */
JsonNode         *_kol_aj_member              (JsonObject *o,
                                               const char *name);
gboolean          _kol_aj_node_is_string      (JsonNode *node);
gboolean          _kol_aj_int_node            (Ctx        *c,
                                               JsonNode   *node,
                                               const char *field,
                                               gint64      min,
                                               gint64      max,
                                               gint64     *out);
gboolean          _kol_aj_get_int             (Ctx        *c,
                                               JsonObject *o,
                                               const char *name,
                                               gboolean    required,
                                               gint64      min,
                                               gint64      max,
                                               gint64     *out);
gboolean          _kol_aj_get_string          (Ctx         *c,
                                               JsonObject  *o,
                                               const char  *name,
                                               gboolean     required,
                                               const char **out);

/* Id resolvers (kol-action-json-ids.c). */
gboolean          _kol_aj_split_numbered      (const char *id,
                                               char      **name,
                                               gint64     *n);
gboolean          _kol_aj_corp_field          (Ctx        *c,
                                               JsonObject *o,
                                               const char *name,
                                               gboolean    required,
                                               gint16     *out);
gboolean          _kol_aj_company_field       (Ctx        *c,
                                               JsonObject *o,
                                               const char *name,
                                               gboolean    required,
                                               gint16     *out);
gboolean          _kol_aj_hex_id              (Ctx        *c,
                                               const char *field,
                                               const char *id,
                                               gint16     *out);
gboolean          _kol_aj_hex_node            (Ctx        *c,
                                               JsonNode   *node,
                                               const char *field,
                                               gint16     *out);
gboolean          _kol_aj_train_node          (Ctx        *c,
                                               JsonNode   *node,
                                               const char *field,
                                               gint16     *out);
gboolean          _kol_aj_train_field         (Ctx        *c,
                                               JsonObject *o,
                                               const char *name,
                                               gint16     *out);
int               _kol_aj_tile_def_of_copy_id (const KolTitle *t,
                                               const char     *id,
                                               gint64         *n);
int               _kol_aj_tile_copy_index     (const KolTitle *t,
                                               const char     *id);
int               _kol_aj_spare_copy          (KolEngine *engine,
                                               int        def);
const KolTileDef *_kol_aj_tile_of_hex         (KolEngine *engine,
                                               int        hex);
int               _kol_aj_node_by_part        (KolEngine *engine,
                                               int        hex,
                                               gint64     part);
gboolean          _kol_aj_city_field          (Ctx        *c,
                                               JsonObject *o,
                                               const char *name,
                                               gint16     *hex_out,
                                               gint8      *city_out);
gboolean          _kol_aj_slot_field          (Ctx        *c,
                                               JsonObject *o,
                                               gint8      *out);
gboolean          _kol_aj_parse_entity        (Ctx        *c,
                                               JsonObject *o,
                                               KolEntity  *out);

G_END_DECLS
