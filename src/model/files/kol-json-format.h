/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * Reading and writing title files so that an unchanged file saves byte for
 * byte as it was read (the editor's round trip).
 *
 * The reader is strict RFC 8259 (no duplicate keys, no BOM, bounded depth)
 * and builds plain json-glib trees, keeping key order. json-glib has no
 * place for the text a value was written as, so a KolJsonLexemes table keeps
 * it for the few values whose text the writer would not reproduce: numbers
 * with a fraction or exponent ("10.0", "1e3"), integers like "-0", and
 * strings escaped differently from the writer's escaping ("\u00e9").
 *
 * The writer lays out files by one rule, the one the data files were
 * written with (see kol_json_format_write()).
 */

#define KOL_JSON_FORMAT_ERROR (kol_json_format_error_quark ())

/**
 * KolJsonFormatError:
 * @KOL_JSON_FORMAT_ERROR_SYNTAX: the text is not strict JSON; the message
 *   gives the line and column
 */
typedef enum
{
  KOL_JSON_FORMAT_ERROR_SYNTAX,
} KolJsonFormatError;

/* The longest line the layout rule keeps a value inline on, in characters. */
#define KOL_JSON_FORMAT_WIDTH 100

typedef struct _KolJsonLexemes KolJsonLexemes;

GQuark          kol_json_format_error_quark (void);

KolJsonLexemes *kol_json_lexemes_new        (void);
void            kol_json_lexemes_free       (KolJsonLexemes *lexemes);
void            kol_json_lexemes_set        (KolJsonLexemes *lexemes,
                                             JsonNode       *node,
                                             const char     *text);
const char     *kol_json_lexemes_lookup     (KolJsonLexemes *lexemes,
                                             JsonNode       *node);
JsonNode       *kol_json_lexemes_copy_node  (KolJsonLexemes *lexemes,
                                             JsonNode       *node);

JsonNode *kol_json_format_parse         (const char     *text,
                                         gssize          length,
                                         KolJsonLexemes *lexemes,
                                         GError        **error);
char     *kol_json_format_write         (JsonNode       *root,
                                         KolJsonLexemes *lexemes);
char     *kol_json_format_write_compact (JsonNode       *node,
                                         KolJsonLexemes *lexemes);
gboolean  kol_json_format_identical     (JsonNode       *a,
                                         JsonNode       *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolJsonLexemes, kol_json_lexemes_free)

G_END_DECLS
