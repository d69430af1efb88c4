/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-display-text.h"
#include "kol-engine-log.h"
#include "kol-game-words.h"
#include "kol-l10n.h"
#include "kol-log-format.h"
#include "kol-refusal-format.h"
#include "kol-test-game.h"

/*
 * The log formatter and the refusal messages: every KolLogKind
 * has a template for each title, every template formats with typed
 * arguments, every KolReason has a sentence. Run twice by meson: in English,
 * and with LANGUAGE=ru and the build's catalogue (then every sentence must
 * come back in Russian).
 */

static const char *const title_ids[] = { "1840", "1849" };

static gboolean russian;

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

/* Letters outside the placeholders: a template of symbols only ("%1$s:
 * ×%2$s") reads the same in every language. */
static gboolean
has_words (const char *template_)
{
  for (const char *p = template_; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$')
        {
          p += 3;   /* on the "s"; the loop steps past it */
          continue;
        }
      if (g_unichar_isalpha (g_utf8_get_char (p)))
        return TRUE;
    }
  return FALSE;
}

static guint
max_placeholder (const char *template_)
{
  guint max = 0;

  for (const char *p = template_; *p != '\0'; p++)
    if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$' && (p[3] == 's' || p[3] == 'a'))
      max = MAX (max, (guint) (p[1] - '0'));
  return max;
}

static KolEngine *
game_of (const char *id,
         KolTitle  **title)
{
  static const char *names[] = { "Anna", "Boris", "Clara", "Dmitri" };
  g_autoptr(GError) error = NULL;
  KolEngine *engine;

  *title = kol_test_load_title (id, 4);
  engine = kol_engine_new (*title, 4, NULL, names, 1, &error);
  g_assert_no_error (error);
  return engine;
}

/* A typed argument of every kind in turn, all valid in @engine. */
static KolArg
typed_arg (KolEngine *engine,
           guint      i)
{
  switch (i % 7)
    {
    case 0:
      return kol_arg_int (KOL_ARG_PLAYER, 1);
    case 1:
      return kol_arg_int (KOL_ARG_CORP, engine->n_corps - 1);
    case 2:
      return kol_arg_int (KOL_ARG_MONEY, 120);
    case 3:
      return kol_arg_int (KOL_ARG_PERCENT, 20);
    case 4:
      return kol_arg_int (KOL_ARG_HEX, 3);
    case 5:
      return kol_arg_int (KOL_ARG_COMPANY, 0);
    default:
      return kol_arg_int (KOL_ARG_INT, 2);
    }
}

static void
check_kind (KolEngine      *engine,
            const KolTitle *title,
            const char     *id,
            int             kind)
{
  const char *template_ = kol_log_kind_template (title, kind, 2);
  KolLogEntry entry = { kind, 0 };
  g_autofree char *text = NULL;
  guint n_args;

  if (template_ == NULL)
    g_error ("log kind %d has no template", kind);
  if (russian && has_words (template_) && !has_cyrillic (template_))
    g_error ("log kind %d of %s is not translated: %s", kind, id, template_);
  n_args = max_placeholder (template_);
  entry.n_args = MIN (n_args, KOL_LOG_MAX_ARGS);
  for (guint i = 0; i < entry.n_args; i++)
    entry.args[i] = typed_arg (engine, i);
  text = kol_log_format_entry (engine, &entry);
  g_assert_nonnull (text);
  g_assert_cmpstr (text, !=, "");
  g_assert_null (strstr (text, "$s"));
  g_assert_null (strstr (text, "$a"));
  g_assert_null (strstr (text, "?"));
  g_test_message ("%s %d: %s", id, kind, text);
  if (entry.n_args > 0)
    g_assert_nonnull (strstr (text, "Boris"));
}

/* Every kind of the core and of the title's rules module has a template,
 * translated, whose arguments are all filled in. */
static void
test_every_kind (void)
{
  for (gsize t = 0; t < G_N_ELEMENTS (title_ids); t++)
    {
      KolTitle *title = NULL;
      g_autoptr(KolEngine) engine = game_of (title_ids[t], &title);
      guint n_own = title->module->words->n_log_kinds;

      g_assert_cmpuint (n_own, >, 0);
      for (int kind = KOL_LOG_NONE + 1; kind < KOL_N_LOG_KINDS; kind++)
        check_kind (engine, title, title_ids[t], kind);
      for (guint k = 0; k < n_own; k++)
        check_kind (engine, title, title_ids[t], KOL_LOG_TITLE_BASE + (int) k);
      kol_title_free (title);
    }
}

static void
test_plurals (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  const int counts[] = { 1, 2, 5 };
  char *texts[3] = { NULL };

  for (gsize i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      KolLogEntry e = { KOL_LOG_SELLS_SHARES, 4 };

      e.args[0] = kol_arg_int (KOL_ARG_PLAYER, 0);
      e.args[1] = kol_arg_int (KOL_ARG_INT, counts[i]);
      e.args[2] = kol_arg_int (KOL_ARG_CORP, 1);
      e.args[3] = kol_arg_int (KOL_ARG_MONEY, 100 * counts[i]);
      texts[i] = kol_log_format_entry (engine, &e);
      g_test_message ("%s", texts[i]);
    }
  g_assert_cmpstr (texts[0], !=, texts[1]);
  if (russian)
    g_assert_true (strstr (texts[1], "акции") != NULL && strstr (texts[2], "акций") != NULL);
  else
    g_assert_true (strstr (texts[0], "share ") != NULL && strstr (texts[1], "shares ") != NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    g_free (texts[i]);
  kol_title_free (title);
}

/* Words the engine passes in English come back translated. */
static void
test_engine_words (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  KolLogEntry e = { KOL_LOG_SHARE_PRICE_MOVES, 4 };
  g_autofree char *text = NULL;
  g_autofree char *pass = NULL;

  e.args[0] = kol_arg_int (KOL_ARG_CORP, 1);
  e.args[1] = kol_arg_int (KOL_ARG_MONEY, 100);
  e.args[2] = kol_arg_int (KOL_ARG_MONEY, 111);
  e.args[3].kind = KOL_ARG_STRING;
  g_strlcpy (e.args[3].str, "up and right", sizeof e.args[3].str);
  text = kol_log_format_entry (engine, &e);
  g_test_message ("%s", text);
  g_assert_null (strstr (text, russian ? "right" : "%"));
  e.kind = KOL_LOG_STEP_PASS;
  e.n_args = 2;
  e.args[0] = kol_arg_int (KOL_ARG_CORP, 1);
  g_strlcpy (e.args[1].str, "Buy Trains", sizeof e.args[1].str);
  pass = kol_log_format_entry (engine, &e);
  g_test_message ("%s", pass);
  g_assert_null (strstr (pass, "Buy Trains"));
  kol_title_free (title);
}

static void
test_every_reason (void)
{
  for (gsize t = 0; t < G_N_ELEMENTS (title_ids); t++)
    {
      KolTitle *title = kol_test_load_title (title_ids[t], 4);

      guint n_own = title->module->words->n_reasons;

      for (int r = KOL_REASON_NONE; r < KOL_N_REASONS; r++)
        {
          const char *text = kol_reason_describe (title, r);

          g_assert_nonnull (text);
          if (russian && !has_cyrillic (text))
            g_error ("reason %s of %s is not translated: %s", kol_reason_to_string (r), title_ids[t], text);
        }
      /* the module's own reasons: their words, not the core's fallback */
      for (int r = KOL_REASON_TITLE_BASE; r < KOL_REASON_TITLE_BASE + (int) n_own; r++)
        {
          const char *text = kol_reason_describe (title, r);

          g_assert_nonnull (text);
          g_assert_cmpstr (text, !=, kol_reason_describe (title, KOL_REASON_TITLE_BASE + (int) n_own));
          if (russian && !has_cyrillic (text))
            g_error ("reason %d of %s is not translated: %s", r, title_ids[t], text);
        }
      kol_title_free (title);
    }
}

/* Every refusal code makes a sentence, with or without the arguments the
 * rules usually give. */
static void
test_every_refusal (gconstpointer data)
{
  const char *id = data;
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of (id, &title);

  for (int code = KOL_ENGINE_ERROR_INVALID; code <= KOL_ENGINE_ERROR_INTERNAL; code++)
    for (guint n = 0; n <= KOL_REFUSAL_MAX_ARGS; n++)
      {
        KolRefusal r = { code, n };
        g_autofree char *text = NULL;

        for (guint i = 0; i < n; i++)
          r.args[i] = i == n - 1 && n > 1 ? kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_LIMIT)
                                          : typed_arg (engine, i);
        text = kol_refusal_format (engine, &r);
        g_assert_nonnull (text);
        g_assert_cmpstr (text, !=, "");
        g_assert_null (strstr (text, "$s"));
        g_assert_true (g_str_has_suffix (text, "."));
        /* a sentence starts with a capital letter (or a name, a number) */
        g_assert_false (g_unichar_islower (g_utf8_get_char (text)));
        if (russian)
          g_assert_true (has_cyrillic (text));
      }
  kol_title_free (title);
}

/* A player's name from a file never reorders the log line around it: it
 * is isolated, its own bidirectional controls dropped. */
static void
test_names_isolated (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  KolLogEntry entry = { KOL_LOG_PASSES_BIDDING, 1 };
  g_autofree char *text = NULL;

  g_strlcpy (engine->players[1].name, "\u202Eevil\u2069x", sizeof engine->players[1].name);
  entry.args[0] = kol_arg_int (KOL_ARG_PLAYER, 1);
  text = kol_log_format_entry (engine, &entry);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\u2068evilx\u2069"));
  g_assert_null (strstr (text, "\u202E"));
  kol_title_free (title);
}

/* The sentence of a refusal names who and how much. */
static void
test_no_cash (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  KolRefusal r = { KOL_ENGINE_ERROR_NO_CASH, 3 };
  g_autofree char *text = NULL;

  r.args[0] = kol_arg_int (KOL_ARG_PLAYER, 2);
  r.args[1] = kol_arg_int (KOL_ARG_MONEY, 80);
  r.args[2] = kol_arg_int (KOL_ARG_MONEY, 100);
  text = kol_refusal_format (engine, &r);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Clara"));
  g_assert_nonnull (strstr (text, "L.80"));
  g_assert_nonnull (strstr (text, "L.100"));
  if (!russian)
    g_assert_cmpstr (text, ==, "Not enough money: Clara has L.80 but needs L.100.");
  kol_title_free (title);
}

/* The round names of each title are the rulebook's. */
static void
test_round_words (void)
{
  KolTitle *t1840 = kol_test_load_title ("1840", 3);
  KolTitle *t1849 = kol_test_load_title ("1849", 3);
  const char *sr1840 = kol_game_word_round (t1840, "Stock Round");
  const char *sr1849 = kol_game_word_round (t1849, "Stock Round");

  g_assert_cmpstr (sr1840, !=, sr1849);
  if (russian)
    {
      g_assert_cmpstr (sr1840, ==, "Раунд акций");
      g_assert_cmpstr (sr1849, ==, "Фондовый раунд");
    }
  else
    {
      g_assert_cmpstr (sr1840, ==, "Share Round");
      g_assert_cmpstr (sr1849, ==, "Stock Round");
    }
  kol_title_free (t1840);
  kol_title_free (t1849);
}

/* Each title's sentences use its rulebook's words, which come from its
 * data ("terms"), not from the code. */
static const struct
{
  const char *title;
  int         kind;
  const char *en;
  const char *ru;
} title_words[] = {
  { "1840", KOL_LOG_RUNS_TRAIN, "runs its", "запускает" },
  { "1849", KOL_LOG_RUNS_TRAIN, "train", "поезд" },
  { "1840", KOL_LOG_BECOMES_PRESIDENT, "director", "директором" },
  { "1849", KOL_LOG_BECOMES_PRESIDENT, "president", "президентом" },
  /* 1840's unsold shares are in the Share Pool (VII.6), not in
   * the treasury («казна» is the company's cash) */
  { "1840", KOL_LOG_BUYS_SHARE_IPO, "from the Share Pool", "из пула акций" },
  { "1849", KOL_LOG_BUYS_SHARE_IPO, "treasury", "кассы" },
  { "1840", KOL_LOG_BUYS_SHARE_MARKET, "Share Pool", "из пула акций" },
  { "1849", KOL_LOG_BUYS_SHARE_MARKET, "bank pool", "банковского пула" },
  { "1840", KOL_LOG_PARS, "initial share price", "начальную цену акции" },
  { "1849", KOL_LOG_PARS, "par value", "начальной рыночной стоимостью" },
  { "1840", KOL_LOG_SHARE_PRICE_MOVES_STEPS, "share price", "Цена акций" },
  { "1849", KOL_LOG_SHARE_PRICE_MOVES_STEPS, "market value", "Рыночная стоимость" },
  { "1840", KOL_LOG_PRIORITY_DEAL, "first player", "первый игрок" },
  { "1849", KOL_LOG_PRIORITY_DEAL, "priority deal", "Приоритетная сделка" },
  { "1840", KOL_LOG_DISCARDS_TRAIN, "scraps", "списывает" },
  { "1849", KOL_LOG_DISCARDS_TRAIN, "discards", "сбрасывает" },
};

static void
test_title_words (void)
{
  for (gsize t = 0; t < G_N_ELEMENTS (title_ids); t++)
    {
      KolTitle *title = NULL;
      g_autoptr(KolEngine) engine = game_of (title_ids[t], &title);
      guint n = 0;

      for (gsize i = 0; i < G_N_ELEMENTS (title_words); i++)
        {
          KolLogEntry entry = { title_words[i].kind, 0 };
          const char *template_;
          g_autofree char *text = NULL;
          guint n_args;

          if (!g_str_equal (title_words[i].title, title_ids[t]))
            continue;
          template_ = kol_log_kind_template (title, entry.kind, 2);
          n_args = max_placeholder (template_);
          entry.n_args = MIN (n_args, KOL_LOG_MAX_ARGS);
          for (guint a = 0; a < entry.n_args; a++)
            entry.args[a] = typed_arg (engine, a);
          text = kol_log_format_entry (engine, &entry);
          g_test_message ("%s: %s", title_ids[t], text);
          g_assert_nonnull (strstr (text, russian ? title_words[i].ru : title_words[i].en));
          n++;
        }
      g_assert_cmpuint (n, >, 0);
      kol_title_free (title);
    }
}

/* The rounds, steps, actions and refusals too. */
static void
test_title_refusal_words (void)
{
  KolTitle *t1840 = NULL;
  KolTitle *t1849 = NULL;
  g_autoptr(KolEngine) g1840 = game_of ("1840", &t1840);
  g_autoptr(KolEngine) g1849 = game_of ("1849", &t1849);
  KolRefusal r = { KOL_ENGINE_ERROR_TRAIN, 1 };
  g_autofree char *tram = NULL;
  g_autofree char *train = NULL;

  r.args[0] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_LIMIT);
  tram = kol_refusal_format (g1840, &r);
  train = kol_refusal_format (g1849, &r);
  g_test_message ("%s / %s", tram, train);
  g_assert_nonnull (strstr (tram, russian ? "трамва" : "tram"));
  g_assert_nonnull (strstr (train, russian ? "поезд" : "train"));
  g_assert_cmpstr (kol_game_word_step (t1840, "Run Routes"), ==, russian ? "Запустить трамваи" : "Run trams");
  g_assert_cmpstr (kol_game_word_step (t1849, "Run Routes"), ==,
                   russian ? "Составить маршруты поездов" : "Run trains");
  g_assert_cmpstr (kol_game_word_action (t1840, KOL_ACTION_BUY_TRAIN), ==, russian ? "Купить трамвай" : "Buy a tram");
  g_assert_cmpstr (kol_game_word_action (t1849, KOL_ACTION_BUY_TRAIN), ==, russian ? "Купить поезд" : "Buy a train");
  g_assert_cmpstr (kol_game_word_round (t1849, "Auction Round"), ==,
                   russian ? "Начальный фондовый раунд" : "Initial Stock Round");
  g_assert_cmpstr (kol_game_word_round (t1840, "Auction Round"), ==,
                   russian ? "Предварительный раунд" : "Pre-Share Round");
  kol_title_free (t1840);
  kol_title_free (t1849);
}

static void
assert_no_company (const KolTitle *title,
                   GRegex         *private,
                   int             reason)
{
  g_autofree char *text = g_regex_replace_literal (private, kol_reason_describe (title, reason), -1, 0, "", 0, NULL);

  g_test_message ("%d: %s", reason, text);
  g_assert_null (strstr (text, russian ? "компани" : "compan"));
}

/* 1849's refusals say «корпорация» and «маркер
 * станции» (glossary; rulebook 002 §10.4, §14.1), never the generic
 * «компания» (only a private company is one) or a bare station for a
 * marker; the English says corporation and station marker. */
static void
test_1849_refusal_words (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  g_autoptr(GRegex) private = g_regex_new ("(частн\\w* компани\\w*|private compan\\w*)", 0, 0, NULL);
  KolRefusal r = { KOL_ENGINE_ERROR_TOKEN, 2 };
  g_autofree char *token = NULL;
  guint n_own = title->module->words->n_reasons;

  g_assert_cmpuint (n_own, >, 0);
  /* the core's reasons, then 1849's own */
  for (int reason = KOL_REASON_NONE; reason < KOL_N_REASONS; reason++)
    assert_no_company (title, private, reason);
  for (int reason = KOL_REASON_TITLE_BASE; reason < KOL_REASON_TITLE_BASE + (int) n_own; reason++)
    assert_no_company (title, private, reason);
  r.args[0] = kol_arg_int (KOL_ARG_HEX, 3);
  r.args[1] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_TOKEN_ALREADY_THERE);
  token = kol_refusal_format (engine, &r);
  g_test_message ("%s", token);
  g_assert_true (g_unichar_isupper (g_utf8_get_char (token)));
  if (russian)
    {
      g_assert_nonnull (strstr (token, "у корпорации там уже есть маркер станции"));
      g_assert_null (strstr (token, "есть станция"));
    }
  else
    g_assert_nonnull (strstr (token, "the corporation already has a station marker there"));
  kol_title_free (title);
}

/* The amount per share of a dividend is a decimal number: "12.5" in
 * English, "12,5" in Russian (item 5). */
static void
test_per_share_decimal (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  KolLogEntry e = { KOL_LOG_PAYS_OUT, 3 };
  g_autofree char *text = NULL;

  e.args[0] = kol_arg_int (KOL_ARG_CORP, 0);
  e.args[1] = kol_arg_int (KOL_ARG_MONEY, 125);
  e.args[2].kind = KOL_ARG_STRING;
  g_strlcpy (e.args[2].str, "12.5", sizeof e.args[2].str);
  text = kol_log_format_entry (engine, &e);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, russian ? "12,5" : "12.5"));
  kol_title_free (title);
}

/* 1840's rearranged trams ("Y1 ➝ 2") read with each tram's label and each
 * line's name: the module's kind asks for it (KOL_WORDS_FORMAT_TRAIN_MOVES). */
static void
test_train_moves (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1840", &title);
  const KolTitleWords *words = title->module->words;
  KolLogEntry e = { 0, 2 };
  g_autofree char *text = NULL;

  for (guint k = 0; k < words->n_log_kinds; k++)
    if (words->log_kinds[k].format == KOL_WORDS_FORMAT_TRAIN_MOVES)
      e.kind = KOL_LOG_TITLE_BASE + (int) k;
  g_assert_cmpint (e.kind, >=, KOL_LOG_TITLE_BASE);
  e.args[0] = kol_arg_int (KOL_ARG_CORP, 0);
  e.args[1].kind = KOL_ARG_STRING;
  g_strlcpy (e.args[1].str, "Y1 ➝ 2", sizeof e.args[1].str);
  text = kol_log_format_entry (engine, &e);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, russian ? "желтый трамвай ➝ " : "yellow tram ➝ "));
  g_assert_null (strstr (text, "Y1"));
  g_assert_null (strstr (text, "➝ 2"));
  kol_title_free (title);
}

static void
collect_placeholders (const char *text,
                      gboolean    seen[10])
{
  for (const char *p = text; *p != '\0'; p++)
    if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$' && (p[3] == 's' || p[3] == 'a'))
      seen[p[1] - '0'] = TRUE;
}

/* A sentence in the data ("log_…", "reason_…", "refusal_…" terms) names
 * the same arguments in both languages, and each log and reason term is the
 * wording of a kind that exists (a misspelt id would never be used). */
static void
test_data_templates (void)
{
  for (gsize t = 0; t < G_N_ELEMENTS (title_ids); t++)
    {
      KolTitle *title = kol_test_load_title (title_ids[t], 4);
      g_autoptr(GHashTable) wordings = g_hash_table_new (g_str_hash, g_str_equal);
      guint n_sentences = 0;

      /* what the title says for every kind and reason (pointers into the
       * title or the catalogue, alive as long as the title) */
      for (int kind = KOL_LOG_NONE + 1; kind < KOL_N_LOG_KINDS; kind++)
        g_hash_table_add (wordings, (gpointer) kol_log_kind_template (title, kind, 2));
      for (int r = KOL_REASON_NONE; r < KOL_N_REASONS; r++)
        g_hash_table_add (wordings, (gpointer) kol_reason_describe (title, r));
      /* and for the rules module's own */
      for (guint k = 0; k < title->module->words->n_log_kinds; k++)
        g_hash_table_add (wordings, (gpointer) kol_log_kind_template (title, KOL_LOG_TITLE_BASE + (int) k, 2));
      for (guint r = 0; r < title->module->words->n_reasons; r++)
        g_hash_table_add (wordings, (gpointer) kol_reason_describe (title, KOL_REASON_TITLE_BASE + (int) r));

      for (guint i = 0; i < title->n_terms; i++)
        {
          const KolTermDef *term = &title->terms[i];
          gboolean en[10] = { FALSE }, ru[10] = { FALSE };
          gboolean used = FALSE;

          if (!g_str_has_prefix (term->id, "log_") && !g_str_has_prefix (term->id, "reason_") &&
              !g_str_has_prefix (term->id, "refusal_"))
            continue;
          n_sentences++;
          g_assert_nonnull (term->text.ru);
          collect_placeholders (term->text.en, en);
          collect_placeholders (term->text.ru, ru);
          if (memcmp (en, ru, sizeof en) != 0)
            g_error ("%s: %s names other arguments in Russian", title_ids[t], term->id);
          if (g_str_has_prefix (term->id, "refusal_"))
            used = TRUE;
          else
            used = g_hash_table_contains (wordings, term->text.en) || g_hash_table_contains (wordings, term->text.ru);
          if (!used)
            g_error ("%s: the term %s is not the wording of any log kind or reason", title_ids[t], term->id);
        }
      g_assert_cmpuint (n_sentences, >, 0);
      kol_title_free (title);
    }
}

/* Entries as a reader of each rulebook reads them: trams by
 * their colour, not their card code; 1840's lines by their Russian name;
 * a bid names the amount bid for the company; an amount per share with
 * the reader's decimal separator. */
static const struct
{
  const char *title;
  int         kind;
  KolArg      args[4];
  guint       n_args;
  const char *en;
  const char *ru;
} reader_words[] = {
  { "1840", KOL_LOG_RUNS_TRAIN, { { KOL_ARG_CORP, 0, "" }, { KOL_ARG_STRING, 0, "Y2" }, { KOL_ARG_MONEY, 70, "" },
                                  { KOL_ARG_STRING, 0, "A1-B2" } }, 4, "runs its yellow tram", "запускает желтый трамвай" },
  { "1840", KOL_LOG_RUNS_TRAIN, { { KOL_ARG_CORP, 0, "" }, { KOL_ARG_STRING, 0, "City" }, { KOL_ARG_MONEY, 70, "" },
                                  { KOL_ARG_STRING, 0, "A1-B2" } }, 4, "imaginary tram", "воображаемый трамвай" },
  /* a no-break space: «Линия» never ends a line without its number */
  { "1840", KOL_LOG_FLOATS, { { KOL_ARG_CORP, 0, "" } }, 1, "Line 1", "Линия\u00a01" },
  /* a line bid for is in the accusative («на Линию 17»), from the data */
  { "1840", KOL_LOG_BIDS, { { KOL_ARG_PLAYER, 0, "" }, { KOL_ARG_CORP, 16, "" }, { KOL_ARG_MONEY, 20, "" } }, 3,
    "for Line 17", "на Линию\u00a017" },
  { "1849", KOL_LOG_RUNS_TRAIN, { { KOL_ARG_CORP, 0, "" }, { KOL_ARG_STRING, 0, "4H" }, { KOL_ARG_MONEY, 70, "" },
                                  { KOL_ARG_STRING, 0, "A1-B2" } }, 4, "a 4H train", "поезд 4H" },
  { "1849", KOL_LOG_BIDS, { { KOL_ARG_PLAYER, 0, "" }, { KOL_ARG_COMPANY, 0, "" }, { KOL_ARG_MONEY, 115, "" } }, 3,
    /* a player's name comes isolated (kol_display_isolate()) */
    "\u2068Anna\u2069 bids L.115 for ", "\u2068Anna\u2069: ставка L.115 на " },
  { "1849", KOL_LOG_PAYS_OUT, { { KOL_ARG_CORP, 0, "" }, { KOL_ARG_MONEY, 75, "" }, { KOL_ARG_STRING, 0, "7.5" } }, 3,
    "(7.5 per share)", "(7,5 на акцию)" },
  { "1849", KOL_LOG_NO_VALID_ACTIONS, { { KOL_ARG_PLAYER, 0, "" } }, 1, "\u2068Anna\u2069 has no action",
    "\u2068Anna\u2069: нет доступных действий" },
};

static void
test_reader_words (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (reader_words); i++)
    {
      KolTitle *title = NULL;
      g_autoptr(KolEngine) engine = game_of (reader_words[i].title, &title);
      KolLogEntry entry = { reader_words[i].kind, reader_words[i].n_args, { { 0 } } };
      g_autofree char *text = NULL;

      for (guint a = 0; a < reader_words[i].n_args; a++)
        entry.args[a] = reader_words[i].args[a];
      text = kol_log_format_entry (engine, &entry);
      g_test_message ("%s: %s", reader_words[i].title, text);
      g_assert_nonnull (strstr (text, russian ? reader_words[i].ru : reader_words[i].en));
      g_clear_pointer (&engine, kol_engine_free);
      kol_title_free (title);
    }
}

/* A run of an old record lists no stops: its line ends at the revenue,
 * not at a dangling colon («прибыль L.70:»). */
static void
test_run_without_stops (void)
{
  KolTitle *title = NULL;
  g_autoptr(KolEngine) engine = game_of ("1849", &title);
  KolLogEntry entry = { KOL_LOG_RUNS_TRAIN, 4, { { 0 } } };
  g_autofree char *text = NULL;

  entry.args[0] = kol_arg_int (KOL_ARG_CORP, 0);
  entry.args[1] = (KolArg) { KOL_ARG_STRING, 0, "4H" };
  entry.args[2] = kol_arg_int (KOL_ARG_MONEY, 70);
  entry.args[3] = (KolArg) { KOL_ARG_STRING, 0, "" };
  text = kol_log_format_entry (engine, &entry);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_suffix (text, "L.70"));
  g_clear_pointer (&engine, kol_engine_free);
  kol_title_free (title);
}

/* Dates on the start page and in the autosave rows are written as the
 * interface's language writes them, not as LC_TIME does: a Russian
 * interface in the C locale read 11/27/26 (bug). */
static void
test_when (void)
{
  g_autoptr(GDateTime) time = g_date_time_new_local (2026, 11, 27, 9, 20, 4);
  g_autofree char *when = kol_display_when (time);

  g_assert_cmpstr (when, ==, russian ? "27.11.2026 09:20" : "2026-11-27 09:20");
  g_assert_null (kol_display_when (NULL));
}

int
main (int   argc,
      char *argv[])
{
  kol_l10n_init_gettext ();
  g_test_init (&argc, &argv, NULL);
  russian = g_str_equal (kol_game_word_language (), "ru");
  g_test_message ("language: %s", russian ? "ru" : "en");

  g_test_add_func ("/log-format/every-kind", test_every_kind);
  g_test_add_func ("/log-format/names-isolated", test_names_isolated);
  g_test_add_func ("/log-format/plurals", test_plurals);
  g_test_add_func ("/log-format/engine-words", test_engine_words);
  g_test_add_func ("/log-format/every-reason", test_every_reason);
  g_test_add_data_func ("/log-format/every-refusal/1840", "1840", test_every_refusal);
  g_test_add_data_func ("/log-format/every-refusal/1849", "1849", test_every_refusal);
  g_test_add_func ("/log-format/title-words", test_title_words);
  g_test_add_func ("/log-format/reader-words", test_reader_words);
  g_test_add_func ("/log-format/title-refusal-words", test_title_refusal_words);
  g_test_add_func ("/log-format/1849-refusal-words", test_1849_refusal_words);
  g_test_add_func ("/log-format/per-share-decimal", test_per_share_decimal);
  g_test_add_func ("/log-format/train-moves", test_train_moves);
  g_test_add_func ("/log-format/data-templates", test_data_templates);
  g_test_add_func ("/log-format/no-cash", test_no_cash);
  g_test_add_func ("/log-format/run-without-stops", test_run_without_stops);
  g_test_add_func ("/log-format/round-words", test_round_words);
  g_test_add_func ("/log-format/when", test_when);
  return g_test_run ();
}
