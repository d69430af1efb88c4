/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The words a rules module brings (KolTitleModule.words): its own log
 * kinds, refusal reasons, round and step names, choices and the texts of
 * its title checks, each with its English text next to it. The engine has
 * no translations: it only carries these tables, and the model translates
 * them with gettext (msgctxt = context, msgid = text), so a module's words
 * are in po/ like the core's. KOL_NC_ marks them for xgettext.
 *
 * A module numbers its log kinds from KOL_LOG_TITLE_BASE and its reasons
 * from KOL_REASON_TITLE_BASE, in the order of its tables; numbers of
 * different modules may overlap, as one game has one module.
 */

#define KOL_NC_(context, text) (text)

#define KOL_LOG_TITLE_BASE    1024
#define KOL_REASON_TITLE_BASE 1024

/* How the log shows an entry (KolLogCategory in the model). */
typedef enum
{
  KOL_WORDS_ACTION,
  KOL_WORDS_DETAIL,
  KOL_WORDS_EVENT,
  KOL_WORDS_ROUND,
} KolWordsCategory;

/* A special way of filling in a log template. */
typedef enum
{
  KOL_WORDS_FORMAT_ARGS,          /* the entry's arguments */
  KOL_WORDS_FORMAT_PLAYER_ORDER,  /* no arguments: the players in their order */
  KOL_WORDS_FORMAT_TRAIN_MOVES,   /* %2 lists trains moved to corporations ("Y1 ➝ 5, O2 ➝ 7") */
} KolWordsFormat;

typedef struct
{
  const char *name;      /* the kind's name, for a title's own "log_<name>" term */
  const char *context;
  const char *text;      /* numbered arguments: %1$s … */
  guint8      category;  /* KolWordsCategory */
  guint8      format;    /* KolWordsFormat */
} KolLogKindInfo;

typedef struct
{
  const char *name;      /* "reason_<name>" terms */
  const char *context;
  const char *text;      /* what the player reads */
  const char *developer; /* the engine's English (messages, logs) */
} KolReasonInfo;

/* A round or step name, a choice or a check text. */
typedef struct
{
  const char *english;   /* the engine's name (KolStepClass.name, a choice) */
  const char *context;
  const char *text;
} KolWordInfo;

typedef struct
{
  const KolLogKindInfo *log_kinds;
  guint                 n_log_kinds;
  const KolReasonInfo  *reasons;
  guint                 n_reasons;
  const KolWordInfo    *rounds;
  guint                 n_rounds;
  const KolWordInfo    *steps;
  guint                 n_steps;
  const KolWordInfo    *strings;
  guint                 n_strings;
  /* KOL_CHECK_UNSUPPORTED / _UNPLAYABLE texts (%1$s: the value) */
  const KolWordInfo    *checks;
  guint                 n_checks;
} KolTitleWords;

G_END_DECLS
