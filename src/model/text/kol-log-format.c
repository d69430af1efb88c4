/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-display-text.h"
#include "kol-game-words.h"
#include "kol-log-format.h"

/*
 * One template per log kind, in the usual 18xx words and translated with
 * gettext. A title whose rulebook has other words (1840's trams, director
 * and Share Pool, 1849's market value) gives its own template, in English
 * and Russian, in its game.json "terms" under "log_<kind>" ("log_runs_train"),
 * which comes first. Templates number their arguments (%1$s …) so a
 * translation may put them in any order; every argument is formatted to a
 * string first, and a template is filled in without printf, so one from a
 * data file cannot do harm. Events ("-- Event: … --" on 18xx.games) carry
 * no dashes: the log view sets them apart by their category.
 */

typedef struct
{
  int         kind;
  const char *name;      /* the kind without KOL_LOG_, for its term id */
  const char *context;
  const char *text;
} Template;

#define K(kind) KOL_LOG_##kind, #kind

static const Template templates[] = {
  /* ---- operating rounds ---- */
  /* Translators: a player operates a corporation. */
  { K (OPERATES), "log", NC_("log", "%1$s operates %2$s") },
  /* Translators: an owner collects a private company's revenue. */
  { K (COMPANY_REVENUE), "log", NC_("log", "%1$s collects %2$s from %3$s") },
  /* Translators: %2$s is what the step decides ("lay track"). */
  { K (STEP_PASS), "log", NC_("log", "%1$s passes on the step “%2$s”") },
  { K (STEP_SKIP), "log", NC_("log", "%1$s skips the step “%2$s”") },
  { K (HOME_TOKEN_CHOOSE), "log", NC_("log", "%1$s must choose the city of its home token") },
  { K (TOKEN_CHOOSE), "log", NC_("log", "%1$s must choose the city of its token") },
  { K (TOKEN_PLACED), "log", NC_("log", "%1$s places a token on %2$s") },
  { K (TOKEN_PLACED_FOR), "log", NC_("log", "%1$s places a token on %2$s for %3$s") },
  { K (TILE_LAID), "log", NC_("log", "%1$s lays tile #%2$s with rotation %3$s on %4$s") },
  { K (TILE_LAID_COST), "log",
    NC_("log", "%1$s spends %2$s and lays tile #%3$s with rotation %4$s on %5$s") },
  { K (RUNS_TRAIN), "log", NC_("log", "%1$s runs a %2$s train for %3$s: %4$s") },
  { K (EXTRA_REVENUE), "log", NC_("log", "%1$s receives %2$s additional revenue") },
  /* Translators: %3$s says how it pays ("pays a chosen amount"). */
  { K (RUNS_AND_PAYS), "log", NC_("log", "%1$s runs for %2$s and %3$s") },
  { K (WITHHOLDS), "log", NC_("log", "%1$s withholds %2$s") },
  { K (DOES_NOT_RUN), "log", NC_("log", "%1$s does not run") },
  /* Translators: %3$s is an amount per share, a number ("7.5"). */
  { K (PAYS_OUT), "log", NC_("log", "%1$s pays out %2$s in dividends (%3$s per share)") },
  /* Translators: one receiver of the dividend above. */
  { K (DIVIDEND_TO), "log", NC_("log", "%1$s receives %2$s") },
  { K (OBSOLETE_TRAINS_RUST), "log", NC_("log", "Event: obsolete trains rust") },
  { K (TRAINS_OBSOLETE), "log", NC_("log", "Event: %1$s trains are obsolete") },
  { K (OBSOLETE_REMOVED), "log", NC_("log", "Event: obsolete %1$s trains are removed from the depot") },
  { K (TRAINS_RUST), "log", NC_("log", "Event: %1$s trains rust") },
  { K (BUYS_TRAIN), "log", NC_("log", "%1$s buys a %2$s train for %3$s from %4$s") },
  { K (BUYS_TRAIN_DEPOT), "log", NC_("log", "%1$s buys a %2$s train for %3$s from the depot") },
  { K (BUYS_TRAIN_DISCARD), "log",
    NC_("log", "%1$s buys a %2$s train for %3$s from the discarded trains") },
  /* Translators: a president pays from their own cash towards a train. */
  { K (CONTRIBUTES), "log", NC_("log", "%1$s contributes %2$s from their own cash") },
  { K (DISCARDS_TRAIN), "log", NC_("log", "%1$s discards a %2$s train") },
  { K (SKIPS_TRAINS_NO_ROOM), "log",
    NC_("log", "%1$s does not buy trains: it has no room for more") },
  { K (BUYS_COMPANY), "log", NC_("log", "%1$s buys %2$s from %3$s for %4$s") },
  { K (BUYS_COMPANY_MARKET), "log", NC_("log", "%1$s buys %2$s from the market for %3$s") },
  { K (COMPANY_CLOSES), "log", NC_("log", "%1$s closes") },
  { K (CORP_CLOSES), "log", NC_("log", "%1$s closes") },
  { K (CORP_COMPANIES_CLOSE), "log", NC_("log", "The private companies of %1$s close") },
  { K (BANKRUPT_SELLS), "log", NC_("log", "%1$s goes bankrupt and sells the remaining shares") },
  { K (TRAIN_EXPORTS), "log", NC_("log", "Event: a %1$s train is exported") },
  { K (TRAINS_EXPORTED), "log", NC_("log", "Event: all %1$s trains are exported") },
  { K (TRAINS_TO_POOL), "log", NC_("log", "Event: all %1$s trains are discarded to the bank pool") },
  { K (COMPANIES_CLOSE_EVENT), "log", NC_("log", "Event: the private companies close") },
  /* Translators: %4$s is a direction ("up and right"). */
  { K (SHARE_PRICE_MOVES), "log", NC_("log", "The share price of %1$s moves %4$s from %2$s to %3$s") },
  /* Translators: %5$s says how far: "3 steps". */
  { K (SHARE_PRICE_MOVES_STEPS), "log",
    NC_("log", "The share price of %1$s moves %4$s from %2$s to %3$s (%5$s)") },

  /* ---- stock market, shares, stock rounds, auctions ---- */
  { K (PRICE_BLOCKED_UP), "log",
    NC_("log", "The share price of %1$s cannot move up in this phase") },
  { K (PRICE_BLOCKED_RIGHT), "log",
    NC_("log", "The share price of %1$s cannot move right in this phase") },
  /* Translators: a player starts a corporation at a par price. */
  { K (PARS), "log", NC_("log", "%1$s pars %2$s at %3$s") },
  { K (BUYS_SHARE_IPO), "log", NC_("log", "%1$s buys a %2$s share of %3$s from the IPO for %4$s") },
  { K (BUYS_SHARE_MARKET), "log",
    NC_("log", "%1$s buys a %2$s share of %3$s from the bank pool for %4$s") },
  { K (BUYS_SHARE_FROM), "log", NC_("log", "%1$s buys a %2$s share of %3$s from %4$s for %5$s") },
  { K (REDEEMS_SHARE_MARKET), "log",
    NC_("log", "%1$s buys back a %2$s share from the bank pool for %3$s") },
  { K (REDEEMS_SHARE_FROM), "log", NC_("log", "%1$s buys back a %2$s share from %3$s for %4$s") },
  { K (RECEIVES_SHARE), "log", NC_("log", "%1$s receives a %2$s share of %3$s") },
  { K (SELLS_SHARE), "log", NC_("log", "%1$s sells a %2$s share of %3$s and receives %4$s") },
  { K (ISSUES_SHARE), "log", NC_("log", "%1$s issues a %2$s share of %3$s and receives %4$s") },
  { K (BECOMES_PRESIDENT), "log", NC_("log", "%1$s becomes the president of %2$s") },
  { K (FLOATS), "log", NC_("log", "%1$s floats") },
  { K (RECEIVES_CAPITAL), "log", NC_("log", "%1$s receives %2$s") },
  { K (SR_PASSES), "log", NC_("log", "%1$s passes") },
  { K (DECLINES_TO_BUY), "log", NC_("log", "%1$s declines to buy shares") },
  { K (DECLINES_TO_SELL), "log", NC_("log", "%1$s declines to sell shares") },
  /* Translators: «%1$s: нет доступных действий — пас». */
  { K (NO_VALID_ACTIONS), "log", NC_("log", "%1$s has no action available and passes") },
  { K (PRIORITY_DEAL), "log", NC_("log", "%1$s has the priority deal") },
  { K (PASSES_BIDDING), "log", NC_("log", "%1$s passes bidding") },
  /* Translators: a player passes in the auction of a company. */
  { K (PASSES_ON), "log", NC_("log", "%1$s passes in the auction for %2$s") },
  /* Translators: a bid: "Anna bids L.115 for SMS". */
  { K (BIDS), "log", NC_("log", "%1$s bids %3$s for %2$s") },
  { K (BUYS_COMPANY_FOR), "log", NC_("log", "%1$s buys %2$s for %3$s") },
  { K (WINS_AUCTION_ONLY_BID), "log",
    NC_("log", "%1$s wins the auction for %2$s with the only bid of %3$s") },
  { K (WINS_AUCTION), "log", NC_("log", "%1$s wins the auction for %2$s with a bid of %3$s") },
  { K (GOES_UP_FOR_AUCTION), "log", NC_("log", "%1$s goes up for auction") },
  { K (MIN_BID_DECREASES), "log", NC_("log", "The minimum bid for %1$s falls from %2$s to %3$s") },
  { K (CANNOT_BID), "log", NC_("log", "%1$s cannot bid %2$s and is out of the auction for %3$s") },

  /* ---- deals between owners ---- */
  /* Translators: a corporation offers a player money for a private
   * company: "IFT offers L.120 to Anna for SMS". */
  { K (OFFERS_COMPANY), "log", NC_("log", "%1$s offers %2$s to %3$s for %4$s") },
  /* Translators: "IFT offers L.120 to AFG for its 4H train". */
  { K (OFFERS_TRAIN), "log", NC_("log", "%1$s offers %2$s to %3$s for its %4$s train") },
  /* Translators: "IFT offers L.20 to AFG for its station token on C1 (Trapani)". */
  { K (OFFERS_TOKEN), "log", NC_("log", "%1$s offers %2$s to %3$s for its station token on %4$s") },
  /* Translators: a player accepts the offer of a corporation. */
  { K (ACCEPTS_OFFER), "log", NC_("log", "%1$s accepts the offer of %2$s") },
  { K (DECLINES_OFFER), "log", NC_("log", "%1$s declines the offer of %2$s") },
};

/* Kinds whose sentence depends on a count, and which argument holds it. */
static const struct
{
  int kind;
  int count_arg;
} plural_kinds[] = {
  { KOL_LOG_SELLS_SHARES, 1 },
  { KOL_LOG_ISSUES_SHARES, 1 },
  { KOL_LOG_TRAINS_RUST_OWNER, 1 },
};

static const char *
plural_template (int kind,
                 int count)
{
  switch (kind)
    {
    case KOL_LOG_SELLS_SHARES:
      return g_dngettext (GETTEXT_PACKAGE,
                          "%1$s sells %2$s share of %3$s and receives %4$s",
                          "%1$s sells %2$s shares of %3$s and receives %4$s", count);
    case KOL_LOG_ISSUES_SHARES:
      return g_dngettext (GETTEXT_PACKAGE,
                          "%1$s issues %2$s share of %3$s and receives %4$s",
                          "%1$s issues %2$s shares of %3$s and receives %4$s", count);
    case KOL_LOG_TRAINS_RUST_OWNER:
      /* Translators: one owner of the trains that rusted, and how many. */
      return g_dngettext (GETTEXT_PACKAGE, "%1$s loses %2$s train", "%1$s loses %2$s trains", count);
    default:
      return NULL;
    }
}

static const char *
plural_kind_name (int kind)
{
  switch (kind)
    {
    case KOL_LOG_SELLS_SHARES:
      return "SELLS_SHARES";
    case KOL_LOG_ISSUES_SHARES:
      return "ISSUES_SHARES";
    case KOL_LOG_TRAINS_RUST_OWNER:
      return "TRAINS_RUST_OWNER";
    default:
      return NULL;
    }
}

static int
plural_count_arg (int kind)
{
  for (gsize i = 0; i < G_N_ELEMENTS (plural_kinds); i++)
    if (plural_kinds[i].kind == kind)
      return plural_kinds[i].count_arg;
  return -1;
}

/* The number of steps a share price moved, as a phrase for %5$s of
 * KOL_LOG_SHARE_PRICE_MOVES_STEPS, so that a title's own template of that
 * sentence (from data, where there are no plural forms) agrees too. */
static char *
steps_phrase (int steps)
{
  /* Translators: how far a share price moved: "(3 steps)". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps", steps), steps);
}

/* The module's own kind @kind (KOL_LOG_TITLE_BASE and up), or NULL. */
static const KolLogKindInfo *
module_kind (const KolTitle *title,
             int             kind)
{
  const KolTitleWords *words = title != NULL && title->module != NULL ? title->module->words : NULL;

  if (words == NULL || kind < KOL_LOG_TITLE_BASE || (guint) (kind - KOL_LOG_TITLE_BASE) >= words->n_log_kinds)
    return NULL;
  return &words->log_kinds[kind - KOL_LOG_TITLE_BASE];
}

/**
 * kol_log_kind_template:
 * @title: (nullable): the title played
 * @kind: a #KolLogKind
 * @count: the number a plural sentence is about (ignored by the others)
 *
 * Returns: (transfer none) (nullable): the translated template of @kind in
 *   @title's words, or %NULL for an unknown kind
 */
const char *
kol_log_kind_template (const KolTitle *title,
                       int             kind,
                       int             count)
{
  const KolLogKindInfo *info = module_kind (title, kind);

  if (info != NULL)
    {
      const char *own = kol_game_word_own (title, "log_", info->name);

      return own != NULL ? own : g_dpgettext2 (GETTEXT_PACKAGE, info->context, info->text);
    }
  if (plural_count_arg (kind) >= 0)
    {
      /* a title's own wording has no plural forms: it words the count so
       * that it needs none */
      const char *own = kol_game_word_own (title, "log_", plural_kind_name (kind));

      return own != NULL ? own : plural_template (kind, count);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (templates); i++)
    if (templates[i].kind == kind)
      {
        const char *own = kol_game_word_own (title, "log_", templates[i].name);

        return own != NULL ? own : g_dpgettext2 (GETTEXT_PACKAGE, templates[i].context, templates[i].text);
      }
  return NULL;
}

/**
 * kol_log_kind_is_round:
 * @title: (nullable): the title played
 *
 * Returns: %TRUE for the kinds that open a round (a module's headings)
 */
gboolean
kol_log_kind_is_round (const KolTitle *title,
                       int             kind)
{
  return kol_log_kind_category (title, kind) == KOL_LOG_CATEGORY_ROUND;
}

/**
 * kol_log_kind_category:
 * @title: (nullable): the title played
 *
 * Returns: how a log view may set entries of @kind apart
 */
KolLogCategory
kol_log_kind_category (const KolTitle *title,
                       int             kind)
{
  const KolLogKindInfo *info = module_kind (title, kind);

  if (info != NULL)
    switch (info->category)
      {
      case KOL_WORDS_DETAIL:
        return KOL_LOG_CATEGORY_DETAIL;
      case KOL_WORDS_EVENT:
        return KOL_LOG_CATEGORY_EVENT;
      case KOL_WORDS_ROUND:
        return KOL_LOG_CATEGORY_ROUND;
      default:
        return KOL_LOG_CATEGORY_ACTION;
      }
  switch (kind)
    {
    case KOL_LOG_DIVIDEND_TO:
    case KOL_LOG_TRAINS_RUST_OWNER:
      return KOL_LOG_CATEGORY_DETAIL;
    case KOL_LOG_OBSOLETE_TRAINS_RUST:
    case KOL_LOG_TRAINS_OBSOLETE:
    case KOL_LOG_OBSOLETE_REMOVED:
    case KOL_LOG_TRAINS_RUST:
    case KOL_LOG_TRAIN_EXPORTS:
    case KOL_LOG_TRAINS_EXPORTED:
    case KOL_LOG_TRAINS_TO_POOL:
    case KOL_LOG_COMPANIES_CLOSE_EVENT:
      return KOL_LOG_CATEGORY_EVENT;
    default:
      return KOL_LOG_CATEGORY_ACTION;
    }
}

/* A sentence whose last argument is empty (a run of an old record that
 * lists no stops) ends at the word before the colon, not at the colon. */
static char *
drop_dangling_colon (char *text)
{
  gsize len;

  g_strchomp (text);
  len = strlen (text);
  if (len > 0 && text[len - 1] == ':')
    {
      text[len - 1] = '\0';
      g_strchomp (text);
    }
  return text;
}

/* ------------------------------------------------------------ arguments */

/* A corporation after a preposition that governs the accusative, as its
 * data words it ("extra": {"short_accusative": …}: «на Линию 17»), or
 * %NULL when the data has no such form. */
static char *
corp_accusative (const KolEngine *engine,
                 int              corp)
{
  if (corp < 0 || corp >= (int) engine->title->n_corps)
    return NULL;
  return kol_game_word_extra_text (engine->title->corps[corp].extra, "short_accusative");
}

static char *
format_corp (const KolEngine *engine,
             int              corp)
{
  const KolCorpDef *def;

  if (corp < 0 || corp >= (int) engine->title->n_corps)
    return g_strdup ("?");
  def = &engine->title->corps[corp];
  /* a corporation goes by its id ("ATA", "WT"); numbered ones (1840's lines)
   * by their short name in the reader's language («Линия 5»), else their
   * name */
  if (def->id != NULL && def->id[0] != '\0' && !g_ascii_isdigit (def->id[0]))
    return g_strdup (def->id);
  if (kol_text_is_set (&def->short_name))
    return g_strdup (kol_game_word_text (&def->short_name));
  if (kol_text_is_set (&def->name))
    return g_strdup (kol_game_word_text (&def->name));
  return g_strdup (def->id != NULL ? def->id : "?");
}

static char *
format_train (const KolEngine *engine,
              int              train)
{
  const char *name;
  char *label;

  if (train < 0 || train >= engine->n_trains)
    return g_strdup ("?");
  name = kol_engine_train_name (engine, train);
  label = kol_game_word_train (engine->title, name);
  return label != NULL ? label : g_strdup (name);
}

static char *
format_string (const KolEngine *engine,
               const char      *str)
{
  const char *step = kol_game_word_step (engine->title, str);
  char *train;

  if (step != str)
    return g_strdup (step);
  if ((train = kol_game_word_train (engine->title, str)) != NULL)
    return train;
  return kol_game_word_string (engine->title, str);
}

/* Trains moved between corporations, "Y1 ➝ 17, O2 ➝ 7" (1840's rearranged
 * trams), in words: each train by its label and each corporation by its
 * name («желтый трамвай ➝ Линия 17»). */
static char *
format_moves (const KolEngine *engine,
              const char      *moves)
{
  g_auto(GStrv) items = g_strsplit (moves, ", ", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) ends = g_strsplit (items[i], " ➝ ", 2);
      g_autofree char *tram = ends[0] != NULL ? kol_game_word_train (engine->title, ends[0]) : NULL;
      g_autofree char *line = NULL;

      for (guint c = 0; ends[0] != NULL && ends[1] != NULL && c < engine->title->n_corps; c++)
        if (g_strcmp0 (engine->title->corps[c].id, ends[1]) == 0)
          line = format_corp (engine, (int) c);
      if (out->len > 0)
        g_string_append (out, ", ");
      if (ends[0] == NULL || ends[1] == NULL)
        g_string_append (out, items[i]);
      else
        g_string_append_printf (out, "%s ➝ %s", tram ? tram : ends[0], line ? line : ends[1]);
    }
  return g_string_free (out, FALSE);
}

/**
 * kol_log_format_arg:
 * @engine: the game, as it was when the argument was made
 * @arg: an argument of a log entry or a refusal
 *
 * Returns: (transfer full): @arg for the reader
 */
char *
kol_log_format_arg (const KolEngine *engine,
                    const KolArg    *arg)
{
  switch ((KolArgKind) arg->kind)
    {
    case KOL_ARG_INT:
      return g_strdup_printf ("%d", arg->value);
    case KOL_ARG_MONEY:
      return kol_game_word_money (engine->title, arg->value);
    case KOL_ARG_PERCENT:
      /* Translators: a percentage of a corporation: "20%". */
      return g_strdup_printf (C_("percent", "%d%%"), arg->value);
    case KOL_ARG_PLAYER:
      return g_strdup (arg->value >= 0 && arg->value < engine->n_players ? engine->players[arg->value].name : "?");
    case KOL_ARG_CORP:
      return format_corp (engine, arg->value);
    case KOL_ARG_COMPANY:
      if (arg->value < 0 || arg->value >= (int) engine->title->n_companies)
        return g_strdup ("?");
      return g_strdup (kol_game_word_text (&engine->title->companies[arg->value].name));
    case KOL_ARG_HEX:
      return kol_game_word_hex (engine->title, arg->value);
    case KOL_ARG_TILE:
      if (arg->value < 0 || arg->value >= (int) engine->title->n_tiles)
        return g_strdup ("?");
      return g_strdup (engine->title->tiles[arg->value].id);
    case KOL_ARG_TRAIN:
      return format_train (engine, arg->value);
    case KOL_ARG_ACTION:
      return g_strdup (kol_game_word_action (engine->title, arg->value));
    case KOL_ARG_REASON:
      return g_strdup (kol_reason_to_string (arg->value));
    case KOL_ARG_STRING:
      return format_string (engine, arg->str);
    case KOL_ARG_NONE:
    default:
      return g_strdup ("");
    }
}

/* kol_log_format_template(), with each argument's form after a
 * preposition that governs the accusative for "%N$a" («ставка на %2$a»:
 * «на Линию 17»); an argument without one (@accusatives or its item
 * %NULL) stays as it is. */
static char *
format_template_cased (const char         *template_,
                       const char * const *values,
                       const char * const *accusatives,
                       guint               n_values)
{
  GString *out = g_string_new (NULL);

  for (const char *p = template_; *p != '\0'; p++)
    {
      if (p[0] == '%' && p[1] == '%')
        {
          g_string_append_c (out, '%');
          p++;
        }
      else if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$' && (p[3] == 's' || p[3] == 'a'))
        {
          guint i = (guint) (p[1] - '1');
          const char *value = i < n_values ? values[i] : NULL;

          if (p[3] == 'a' && accusatives != NULL && i < n_values && accusatives[i] != NULL)
            value = accusatives[i];
          g_string_append (out, value != NULL ? value : "?");
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/**
 * kol_log_format_template:
 * @template_: a template with numbered arguments (%1$s … %9$s) and %%;
 *   a title's own sentences may ask for an argument's accusative with
 *   %1$a … %9$a, which is the argument itself here
 * @values: (array length=n_values): the arguments, formatted
 *
 * Fills in a template. An argument the template names but @values lacks
 * becomes "?", so a translation that names one too many still reads.
 *
 * Returns: (transfer full): the text
 */
char *
kol_log_format_template (const char         *template_,
                         const char * const *values,
                         guint               n_values)
{
  return format_template_cased (template_, values, NULL, n_values);
}

/* 1840's new playing order has no arguments: the players are in the game. */
static char *
playing_order (const KolEngine *engine)
{
  GString *names = g_string_new (NULL);

  for (int i = 0; i < engine->n_players; i++)
    {
      int p = engine->player_order[i];

      if (p < 0 || p >= engine->n_players)
        continue;
      g_autofree char *name = kol_display_isolate (engine->players[p].name);

      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, name);
    }
  return g_string_free (names, FALSE);
}

/* An amount per share comes from the engine as "12.5"; the reader's
 * language may write it "12,5" (Russian). In place: the separator is one
 * byte in every language we have. */
static void
localize_decimal (char *number)
{
  /* Translators: the decimal separator of a number such as an amount per
   * share (12.5); one character. */
  const char *separator = C_("number", ".");
  char *dot = strchr (number, '.');

  if (dot != NULL && strlen (separator) == 1)
    *dot = separator[0];
}

/**
 * kol_log_format_entry:
 * @engine: the game as it was when @entry was logged
 * @entry: a log entry
 *
 * Returns: (transfer full): the entry in words, translated
 */
char *
kol_log_format_entry (const KolEngine   *engine,
                      const KolLogEntry *entry)
{
  char *values[KOL_LOG_MAX_ARGS + 1] = { NULL };
  char *accusatives[KOL_LOG_MAX_ARGS + 1] = { NULL };
  guint n = MIN (entry->n_args, KOL_LOG_MAX_ARGS);
  int count_arg = plural_count_arg (entry->kind);
  int count = count_arg >= 0 && (guint) count_arg < n ? entry->args[count_arg].value : 1;
  const char *template_ = kol_log_kind_template (engine->title, entry->kind, count);
  const KolLogKindInfo *own;
  char *text;

  if (template_ == NULL)
    return g_strdup_printf ("(%d)", entry->kind);
  for (guint i = 0; i < n; i++)
    {
      values[i] = kol_log_format_arg (engine, &entry->args[i]);
      /* a player's name from the file must not reorder the log line */
      if (entry->args[i].kind == KOL_ARG_PLAYER)
        {
          char *isolated = kol_display_isolate (values[i]);

          g_free (values[i]);
          values[i] = isolated;
        }
    }
  if (entry->kind == KOL_LOG_SHARE_PRICE_MOVES_STEPS && n >= 5)
    {
      g_free (values[4]);
      values[4] = steps_phrase (entry->args[4].value);
    }
  own = module_kind (engine->title, entry->kind);
  if (n == 0 && own != NULL && own->format == KOL_WORDS_FORMAT_PLAYER_ORDER)
    values[n++] = playing_order (engine);
  if (entry->kind == KOL_LOG_PAYS_OUT && n >= 3)
    localize_decimal (values[2]);
  if (own != NULL && own->format == KOL_WORDS_FORMAT_TRAIN_MOVES && n >= 2 &&
      entry->args[1].kind == KOL_ARG_STRING)
    {
      g_free (values[1]);
      values[1] = format_moves (engine, entry->args[1].str);
    }
  for (guint i = 0; i < n; i++)
    if (entry->args[i].kind == KOL_ARG_CORP)
      accusatives[i] = corp_accusative (engine, entry->args[i].value);
  text = format_template_cased (template_, (const char * const *) values, (const char * const *) accusatives, n);
  for (guint i = 0; i < n; i++)
    {
      g_free (values[i]);
      g_free (accusatives[i]);
    }
  return drop_dangling_colon (text);
}
