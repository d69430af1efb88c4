/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "kol-game-words.h"

/*
 * Single words come from the title's data (game.json "terms") before the
 * usual 18xx word. Names of rounds, steps and actions and the engine's
 * phrases are tables of the usual 18xx wording here, translated with
 * gettext; a title whose rulebook says them otherwise (1840's «Раунд
 * акций», 1849's «Фондовый раунд»: the two rulebooks were translated by
 * different people) words them in its "terms", in English and Russian,
 * under an id made from the engine's name (kol_game_word_own()).
 */

/* A word of the table: the title's own (game.json "terms", under the
 * key), or else the usual 18xx word, msgctxt "term". Indexed by KolWord. */
typedef struct
{
  KolWord     word;
  const char *key;
  const char *text;
} Word;

static const Word words[] = {
  { KOL_WORD_PRESIDENT, "president", NC_("term", "President") },
  /* Translators: a company's cash. */
  { KOL_WORD_TREASURY, "treasury", NC_("term", "Treasury") },
  /* Translators: where a company's unsold shares are: "20% unsold". */
  { KOL_WORD_IPO_SHARES, "ipo_shares", NC_("term", "unsold") },
  /* Translators: shares in the pool: "10% in the bank pool". */
  { KOL_WORD_IN_POOL, "in_pool", NC_("term", "in the bank pool") },
  { KOL_WORD_POOL, "pool", NC_("term", "Bank pool") },
  { KOL_WORD_TRAIN, "train", NC_("term", "train") },
  { KOL_WORD_TRAINS, "trains", NC_("term", "Trains") },
  { KOL_WORD_AVAILABLE_TRAINS, "available_trains", NC_("term", "Available trains") },
  { KOL_WORD_FUTURE_TRAINS, "future_trains", NC_("term", "Future trains") },
  { KOL_WORD_COMPANY, "company", NC_("term", "Corporation") },
  { KOL_WORD_COMPANIES, "companies", NC_("term", "Companies") },
  { KOL_WORD_PRIVATE_COMPANY, "private_company", NC_("term", "Private company") },
  { KOL_WORD_PRIVATE_COMPANIES, "private_companies", NC_("term", "Private companies") },
  /* Translators: a company that another company owns. */
  { KOL_WORD_SUBSIDIARY, "subsidiary", NC_("term", "Owned company") },
  /* Translators: companies that another company owns. */
  { KOL_WORD_SUBSIDIARIES, "subsidiaries", NC_("term", "Owned companies") },
  { KOL_WORD_CITY_COMPANY, "city_company", NC_("term", "City company") },
  { KOL_WORD_CHARTERS, "charters", NC_("term", "Charters") },
  /* Translators: what a location on the map earns. */
  { KOL_WORD_REVENUE, "revenue", NC_("term", "Revenue") },
  /* Translators: what a company owned by another keeps of its revenue. */
  { KOL_WORD_REVENUE_PILE, "revenue_pile", NC_("term", "Revenue kept") },
  { KOL_WORD_LOANS, "loans", NC_("term", "Loans") },
  /* Translators: a company's loans. */
  { KOL_WORD_COMPANY_LOANS, "company_loans", NC_("term", "Company loans") },
  { KOL_WORD_PRIORITY_DEAL, "priority_deal", NC_("term", "Priority deal") },
  { KOL_WORD_STATION_MARKERS, "station_markers", NC_("term", "Station markers") },
  { KOL_WORD_PAR, "par", NC_("term", "Par value") },
  { KOL_WORD_SHARE_PRICE, "share_price", NC_("term", "Share price") },
  { KOL_WORD_NET_WORTH, "net_worth", NC_("term", "Net worth") },
  /* Translators: what the final score takes off besides cash, shares and
   * private companies. */
  { KOL_WORD_SCORE_ADJUSTMENTS, "score_adjustments", NC_("term", "Penalties") },
  { KOL_WORD_BANK, "bank", NC_("term", "Bank") },
  { KOL_WORD_PHASE, "phase", NC_("term", "Phase") },
  { KOL_WORD_PHASES, "phases", NC_("term", "Phases") },
  { KOL_WORD_TRAIN_LIMIT, "train_limit", NC_("term", "Train limit") },
  { KOL_WORD_OPERATING_ROUNDS, "operating_rounds", NC_("term", "Operating rounds") },
  { KOL_WORD_OPERATING_ORDER, "operating_order", NC_("term", "Operating order") },
  { KOL_WORD_ROUND_TRACK, "round_track", NC_("term", "Rounds") },
  { KOL_WORD_STOCK_MARKET, "stock_market", NC_("term", "Stock Market") },
  { KOL_WORD_PRICE_MOVES, "price_moves", NC_("term", "Share price after dividends") },
  { KOL_WORD_CELL_PAR, "cell_par", NC_("term", "Par value") },
  { KOL_WORD_CELL_PAR_2, "cell_par_2", NC_("term", "Second par value") },
  { KOL_WORD_CELL_PHASE_ZONE, "cell_phase_zone", NC_("term", "Reached in a later phase") },
  { KOL_WORD_CELL_END, "cell_end", NC_("term", "Game ends") },
  { KOL_WORD_CELL_CLOSE, "cell_close", NC_("term", "Company closes") },
  { KOL_WORD_CELL_BLOCKED, "cell_blocked", NC_("term", "Blocked") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (words) == KOL_N_WORDS);

typedef struct
{
  const char *english;   /* the engine's name */
  const char *context;
  const char *text;
} Name;

/* The engine's round class names (KolRoundClass.name), in the usual 18xx
 * words; a title's rulebook names them in its game.json "terms"
 * ("round_stock_round": 1840's «Раунд акций»). */
static const Name round_names[] = {
  { "Auction Round", "round", NC_("round", "Auction Round") },
  { "Stock Round", "round", NC_("round", "Stock Round") },
  { "Operating Round", "round", NC_("round", "Operating Round") },
};

/* The engine's step class names (KolStepClass.name): what is decided.
 * Titles word them their own way in "terms" ("step_run_routes"). */
static const Name step_names[] = {
  { "Bid on Companies", "step", NC_("step", "Bid on the private companies") },
  { "Choose Corporation Par Value", "step", NC_("step", "Choose a par price") },
  { "Buy/Sell Shares", "step", NC_("step", "Buy or sell shares") },
  { "Lay Track", "step", NC_("step", "Lay track") },
  { "Place a Token", "step", NC_("step", "Place a station token") },
  { "Place Home Token", "step", NC_("step", "Place the home token") },
  { "Place a Token or Lay Track", "step", NC_("step", "Lay track or place a token") },
  { "Run Routes", "step", NC_("step", "Run trains") },
  { "Pay or Withhold Dividends", "step", NC_("step", "Pay or withhold dividends") },
  { "Buy Trains", "step", NC_("step", "Buy trains") },
  { "Discard Trains", "step", NC_("step", "Discard trains") },
  { "Buy Companies", "step", NC_("step", "Buy a private company") },
  { "Bankrupt", "step", NC_("step", "Go bankrupt") },
  /* Translators: the owner of what a corporation offers to buy answers. */
  { "Accept or Decline an Offer", "step", NC_("step", "Accept or decline an offer") },
  { "End Game", "step", NC_("step", "End the game") },
  { "Message", "step", NC_("step", "Write a message") },
  { "Program", "step", NC_("step", "Program actions") },
};

typedef struct
{
  KolActionType type;
  const char   *text;    /* msgctxt "action" */
} ActionName;

/* Action types; a title words them in "terms" ("action_buy_train"). */
static const ActionName action_names[] = {
  { KOL_ACTION_PASS, NC_("action", "Pass") },
  { KOL_ACTION_BID, NC_("action", "Bid") },
  { KOL_ACTION_PAR, NC_("action", "Start a corporation") },
  { KOL_ACTION_BUY_SHARES, NC_("action", "Buy shares") },
  { KOL_ACTION_SELL_SHARES, NC_("action", "Sell shares") },
  { KOL_ACTION_LAY_TILE, NC_("action", "Lay a tile") },
  { KOL_ACTION_PLACE_TOKEN, NC_("action", "Place a token") },
  { KOL_ACTION_REMOVE_TOKEN, NC_("action", "Remove a token") },
  { KOL_ACTION_BUY_TOKEN, NC_("action", "Buy a token") },
  { KOL_ACTION_RUN_ROUTES, NC_("action", "Run trains") },
  { KOL_ACTION_DIVIDEND, NC_("action", "Pay dividends") },
  { KOL_ACTION_BUY_TRAIN, NC_("action", "Buy a train") },
  { KOL_ACTION_SCRAP_TRAIN, NC_("action", "Scrap a train") },
  { KOL_ACTION_REASSIGN_TRAINS, NC_("action", "Reassign trains") },
  { KOL_ACTION_MERGE, NC_("action", "Merge") },
  { KOL_ACTION_BUY_COMPANY, NC_("action", "Buy a private company") },
  { KOL_ACTION_SELL_COMPANY, NC_("action", "Sell a private company") },
  { KOL_ACTION_CHOOSE, NC_("action", "Choose") },
  { KOL_ACTION_CHOOSE_ABILITY, NC_("action", "Use an ability") },
  { KOL_ACTION_ASSIGN, NC_("action", "Assign") },
  { KOL_ACTION_TAKE_LOAN, NC_("action", "Take a loan") },
  { KOL_ACTION_PAYOFF_LOAN, NC_("action", "Pay off a loan") },
  { KOL_ACTION_PAYOFF_DEBT, NC_("action", "Pay off the debt") },
  { KOL_ACTION_BANKRUPT, NC_("action", "Declare bankruptcy") },
  { KOL_ACTION_PROGRAM_BUY_SHARES, NC_("action", "Program share purchases") },
  { KOL_ACTION_PROGRAM_SHARE_PASS, NC_("action", "Program passing") },
  { KOL_ACTION_PROGRAM_DISABLE, NC_("action", "Stop a program") },
  { KOL_ACTION_END_GAME, NC_("action", "End the game") },
  { KOL_ACTION_MESSAGE, NC_("action", "Message") },
  { KOL_ACTION_LOG, NC_("action", "Note") },
  { KOL_ACTION_DISCARD_TRAIN, NC_("action", "Discard a train") },
};

/* English words the engine puts into log arguments and choices; a title
 * words them in "terms" ("word_market": 1840's Share Pool). */
static const Name strings[] = {
  /* Translators: where sold shares go, in a log line. */
  { "Market", "log word", NC_("log word", "the market") },
  { "Bank", "log word", NC_("log word", "the bank") },
  { "The Depot", "log word", NC_("log word", "the depot") },
  /* Translators: share price directions: "moves up and right". */
  { "up", "log word", NC_("log word", "up") },
  { "down", "log word", NC_("log word", "down") },
  { "left", "log word", NC_("log word", "left") },
  { "right", "log word", NC_("log word", "right") },
  /* Translators: dividend kinds. */
  { "payout", "log word", NC_("log word", "pays out") },
  { "withhold", "log word", NC_("log word", "withholds") },
  { "variable", "log word", NC_("log word", "pays a chosen amount") },
  { "half", "log word", NC_("log word", "pays half") },
  { "Pass", "choice", NC_("choice", "Pass") },
  /* Translators: the answers to an offer to buy a private company, a
   * train or a station token. */
  { "Accept", "choice", NC_("choice", "Accept the offer") },
  { "Decline", "choice", NC_("choice", "Decline the offer") },
};

/* "Stock Round" → "stock_round": a term id from an engine name. */
static void
slug (char       *out,
      gsize       size,
      const char *prefix,
      const char *name)
{
  gsize n = g_strlcpy (out, prefix, size);

  for (const char *p = name; *p != '\0' && n + 1 < size; p++)
    {
      if (g_ascii_isalnum (*p))
        out[n++] = g_ascii_tolower (*p);
      else if (n > 0 && out[n - 1] != '_')
        out[n++] = '_';
    }
  while (n > 0 && out[n - 1] == '_')
    n--;
  out[MIN (n, size - 1)] = '\0';
}

/**
 * kol_game_word_own:
 * @title: (nullable): the title played
 * @prefix: the kind of term ("log_", "reason_", "step_", …)
 * @name: an engine name ("Stock Round", "RUNS_TRAIN"), lower-cased with
 *   runs of other characters as one "_"
 *
 * A title's own wording of something the engine names, from its game.json
 * "terms" ("round_stock_round", "log_runs_train"). The rest of the model
 * falls back to the usual 18xx wording, translated with gettext, when this
 * returns %NULL, so no generic code needs to know a title.
 *
 * Returns: (transfer none) (nullable): the title's text in the user's
 *   language, or %NULL
 */
const char *
kol_game_word_own (const KolTitle *title,
                   const char     *prefix,
                   const char     *name)
{
  char id[128];
  const KolText *text;

  if (title == NULL || name == NULL)
    return NULL;
  slug (id, sizeof id, prefix, name);
  text = kol_title_term (title, id);
  return text != NULL && kol_text_is_set (text) ? kol_game_word_text (text) : NULL;
}

/* Which table of a module's words a lookup uses. */
typedef enum
{
  MODULE_ROUNDS,
  MODULE_STEPS,
  MODULE_STRINGS,
} ModuleTable;

/* @english in the rules module's own words (KolTitleModule.words), or NULL. */
static const char *
module_name (const KolTitle *title,
             ModuleTable     table,
             const char     *english)
{
  const KolTitleWords *own = title != NULL && title->module != NULL ? title->module->words : NULL;
  const KolWordInfo *list = NULL;
  guint n = 0;

  if (own == NULL)
    return NULL;
  switch (table)
    {
    case MODULE_ROUNDS:
      list = own->rounds, n = own->n_rounds;
      break;
    case MODULE_STEPS:
      list = own->steps, n = own->n_steps;
      break;
    default:
      list = own->strings, n = own->n_strings;
      break;
    }
  for (guint i = 0; i < n; i++)
    if (g_str_equal (list[i].english, english))
      return g_dpgettext2 (GETTEXT_PACKAGE, list[i].context, list[i].text);
  return NULL;
}

static const char *
lookup_name (const Name     *names,
             gsize           n,
             ModuleTable     table,
             const KolTitle *title,
             const char     *prefix,
             const char     *english)
{
  const char *own;

  if (english == NULL)
    return NULL;
  if ((own = kol_game_word_own (title, prefix, english)) != NULL)
    return own;
  for (gsize i = 0; i < n; i++)
    if (g_str_equal (names[i].english, english))
      return g_dpgettext2 (GETTEXT_PACKAGE, names[i].context, names[i].text);
  return module_name (title, table, english);
}

/**
 * kol_game_word_id:
 * @title: (nullable): the title played
 * @id: a term id of game.json "terms" ("marker_e_token")
 * @fallback: (nullable): what to say when the title has no such term
 *
 * Returns: (transfer none) (nullable): the title's word @id in the user's
 *   language, or @fallback
 */
const char *
kol_game_word_id (const KolTitle *title,
                  const char     *id,
                  const char     *fallback)
{
  const KolText *text;

  g_return_val_if_fail (id != NULL, fallback);
  text = title != NULL ? kol_title_term (title, id) : NULL;
  return text != NULL && kol_text_is_set (text) ? kol_game_word_text (text) : fallback;
}

/**
 * kol_game_word_key:
 * @word: a word
 *
 * Returns: (transfer none): the key of @word in game.json "terms"
 */
const char *
kol_game_word_key (KolWord word)
{
  g_return_val_if_fail (word < KOL_N_WORDS, "");
  g_assert (words[word].word == word);
  return words[word].key;
}

/**
 * kol_game_word:
 * @title: (nullable): the title played
 * @word: which word
 *
 * Returns: (transfer none): @word as @title's rulebook says it (its
 *   game.json "terms"), else the usual word, translated
 */
const char *
kol_game_word (const KolTitle *title,
               KolWord         word)
{
  g_return_val_if_fail (word < KOL_N_WORDS, "");
  return kol_game_word_id (title, words[word].key, g_dpgettext2 (GETTEXT_PACKAGE, "term", words[word].text));
}

/**
 * kol_game_word_marker:
 * @title: (nullable): the title played
 * @marker: a marker id of kol_engine_corp_markers() ("e_token")
 *
 * Returns: (transfer none): the marker's name (the title's term
 *   "marker_<id>"), or @marker itself when the title does not name it
 */
const char *
kol_game_word_marker (const KolTitle *title,
                      const char     *marker)
{
  g_autofree char *term = g_strconcat ("marker_", marker, NULL);

  return kol_game_word_id (title, term, marker);
}

/**
 * kol_game_word_round:
 * @round_name: the engine's round name (KolRoundClass.name)
 *
 * Returns: (transfer none): the round's name in @title's words, translated;
 *   @round_name itself for a round this table does not know
 */
const char *
kol_game_word_round (const KolTitle *title,
                     const char     *round_name)
{
  const char *found = lookup_name (round_names, G_N_ELEMENTS (round_names), MODULE_ROUNDS, title, "round_",
                                   round_name);

  return found != NULL ? found : round_name;
}

/**
 * kol_game_word_step:
 * @step_name: the engine's step name (KolStepClass.name)
 *
 * Returns: (transfer none): what the step decides, in @title's words,
 *   translated; @step_name itself for a step this table does not know
 */
const char *
kol_game_word_step (const KolTitle *title,
                    const char     *step_name)
{
  const char *found = lookup_name (step_names, G_N_ELEMENTS (step_names), MODULE_STEPS, title, "step_",
                                   step_name);

  return found != NULL ? found : step_name;
}

/**
 * kol_game_word_action:
 *
 * Returns: (transfer none): the name of an action type, translated
 */
const char *
kol_game_word_action (const KolTitle *title,
                      KolActionType   type)
{
  const char *own = kol_game_word_own (title, "action_", kol_action_type_to_string (type));

  if (own != NULL)
    return own;
  for (gsize i = 0; i < G_N_ELEMENTS (action_names); i++)
    if (action_names[i].type == type)
      return g_dpgettext2 (GETTEXT_PACKAGE, "action", action_names[i].text);
  return kol_action_type_to_string (type);
}

/* "Buy E-Token for L.800": the engine's choice with a price in it. */
static char *
word_with_price (const KolTitle *title,
                 const char     *english)
{
  const char *digits;

  if (!g_str_has_prefix (english, "Buy E-Token for "))
    return NULL;
  digits = english + strlen ("Buy E-Token for ");
  while (*digits != '\0' && !g_ascii_isdigit (*digits))
    digits++;
  if (*digits == '\0')
    return NULL;
  {
    g_autofree char *money = kol_game_word_money (title, atoi (digits));

    /* Translators: %s is a price. */
    return g_strdup_printf (_("Buy an E-token for %s"), money);
  }
}

/**
 * kol_game_word_string:
 * @english: an English word or phrase the engine put in a log argument or
 *   a choice ("Market", "up and right", "Take L.500 loan")
 *
 * Translates what the engine says in English. Directions joined by " and "
 * are translated one by one; text this table does not know (route strings,
 * numbers, lists of ids) comes back as it is.
 *
 * Returns: (transfer full): the text to show
 */
char *
kol_game_word_string (const KolTitle *title,
                      const char     *english)
{
  const char *found;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) joined = NULL;
  char *priced;

  if (english == NULL)
    return g_strdup ("");
  if ((found = lookup_name (strings, G_N_ELEMENTS (strings), MODULE_STRINGS, title, "word_", english)) != NULL)
    return g_strdup (found);
  if ((priced = word_with_price (title, english)) != NULL)
    return priced;
  if (strstr (english, " and ") == NULL)
    return g_strdup (english);

  parts = g_strsplit (english, " and ", -1);
  joined = g_string_new (NULL);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      found = lookup_name (strings, G_N_ELEMENTS (strings), MODULE_STRINGS, title, "word_", parts[i]);
      if (found == NULL)
        return g_strdup (english);
      if (i > 0)
        /* Translators: joins two share price directions: "up and right". */
        g_string_append (joined, C_("log word", " and "));
      g_string_append (joined, found);
    }
  return g_string_free (g_steal_pointer (&joined), FALSE);
}

/**
 * kol_game_word_hex:
 * @title: the title played
 * @hex: a hex index
 *
 * Returns: (transfer full): the hex in words, as the log, the map and the
 *   panels say it: its coordinate and its location's name ("C5
 *   (Palermo)"), the coordinate alone for a hex without a name, "?" for
 *   no hex
 */
char *
kol_game_word_hex (const KolTitle *title,
                   int             hex)
{
  const KolHexDef *def;
  const char *name;

  if (title == NULL || hex < 0 || (guint) hex >= title->n_hexes)
    return g_strdup ("?");
  def = &title->hexes[hex];
  name = kol_game_word_text (&def->name);
  if (name != NULL && name[0] != '\0')
    /* Translators: a hex and its location: "C5 (Palermo)". */
    return g_strdup_printf (C_("hex", "%s (%s)"), def->id, name);
  return g_strdup (def->id);
}

/**
 * kol_game_word_color:
 * @color: a tile colour
 *
 * Returns: (transfer none): its name, translated ("yellow")
 */
const char *
kol_game_word_color (KolColor color)
{
  switch (color)
    {
    case KOL_COLOR_WHITE: return C_("tile colour", "white");
    case KOL_COLOR_YELLOW: return C_("tile colour", "yellow");
    case KOL_COLOR_GREEN: return C_("tile colour", "green");
    case KOL_COLOR_BROWN: return C_("tile colour", "brown");
    case KOL_COLOR_GRAY: return C_("tile colour", "gray");
    case KOL_COLOR_RED: return C_("tile colour", "red");
    case KOL_COLOR_PURPLE: return C_("tile colour", "purple");
    case KOL_COLOR_BLUE: return C_("tile colour", "blue");
    case KOL_N_COLORS:
    default: return "";
    }
}

/**
 * kol_game_word_language:
 *
 * The language title data is shown in: "ru" when the user's first
 * language that the data has is Russian, else "en". Title data has only
 * these two (names and rules are `{"en": …, "ru": …}` maps); every choice
 * of the language of data (names, currencies, JSON texts, pictures) is
 * this one.
 *
 * Returns: (transfer none): "ru" or "en"
 */
const char *
kol_game_word_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (g_str_has_prefix (names[i], "ru"))
        return "ru";
      if (g_str_has_prefix (names[i], "en") || g_str_equal (names[i], "C") ||
          g_str_equal (names[i], "POSIX"))
        return "en";
    }
  return "en";
}

/**
 * kol_game_word_text_in:
 * @text: (nullable): a text of the title data
 * @language: (nullable): "ru" (or "ru_RU"…) for Russian; anything else
 *   for English
 *
 * Returns: (transfer none) (nullable): the Russian form of @text for
 *   "ru" when there is one, else the English one
 */
const char *
kol_game_word_text_in (const KolText *text,
                       const char    *language)
{
  if (text == NULL)
    return NULL;
  if (language != NULL && g_str_has_prefix (language, "ru") && text->ru != NULL && text->ru[0] != '\0')
    return text->ru;
  return text->en;
}

/**
 * kol_game_word_text:
 * @text: (nullable): a text of the title data
 *
 * Returns: (transfer none) (nullable): @text in the user's language
 *   (kol_game_word_language())
 */
const char *
kol_game_word_text (const KolText *text)
{
  return kol_game_word_text_in (text, kol_game_word_language ());
}

/**
 * kol_game_word_money_in:
 * @title: (nullable): the title played
 * @amount: an amount of its currency
 * @language: (nullable): "ru" or "en"
 *
 * The title's currency format ("L.%d", "%d G") holds one "%d"; it comes
 * from a data file, so it is never handed to printf. A negative amount
 * takes its sign before the currency: "−L.750", not "L.-750".
 *
 * Returns: (transfer full): @amount in the title's currency
 */
char *
kol_game_word_money_in (const KolTitle *title,
                        int             amount,
                        const char     *language)
{
  const char *format = title != NULL ? kol_game_word_text_in (&title->currency, language) : NULL;
  const char *at = format != NULL ? strstr (format, "%d") : NULL;
  const char *sign = amount < 0 ? "−" : "";
  unsigned magnitude = amount < 0 ? 0u - (unsigned) amount : (unsigned) amount;

  if (at == NULL)
    return g_strdup_printf ("%s%u", sign, magnitude);
  return g_strdup_printf ("%s%.*s%u%s", sign, (int) (at - format), format, magnitude, at + 2);
}

/**
 * kol_game_word_money:
 * @title: (nullable): the title played
 * @amount: an amount of its currency
 *
 * Returns: (transfer full): @amount in the title's currency ("L.100",
 *   "100 G"), in the user's language
 */
char *
kol_game_word_money (const KolTitle *title,
                     int             amount)
{
  return kol_game_word_money_in (title, amount, kol_game_word_language ());
}

/**
 * kol_game_word_phase:
 * @title: the title played
 * @phase: an index into @title's phases
 *
 * A phase's name for the reader. The engine names phases after their
 * train ("4H"), and the rules compare those names; a rulebook may call
 * them otherwise (1849: «Фаза 4 … 16»), which a title gives in its
 * "terms" under "phase_<name>" ("phase_4h").
 *
 * Returns: (transfer none): the name, or "" for an unknown phase
 */
const char *
kol_game_word_phase (const KolTitle *title,
                     int             phase)
{
  const char *own;

  if (title == NULL || phase < 0 || phase >= (int) title->n_phases || title->phases[phase].name == NULL)
    return "";
  own = kol_game_word_own (title, "phase_", title->phases[phase].name);
  return own != NULL ? own : title->phases[phase].name;
}

/* The label a title gives a kind of train in its data, "extra": {"label":
 * {"en": …, "ru": …}} (1840: «желтый трамвай»), in the reader's language. */
static char *
train_def_label (const KolTrainDef *def)
{
  g_autoptr(GVariant) label = def->extra != NULL ? g_variant_lookup_value (def->extra, "label", NULL) : NULL;
  KolText text = { NULL, NULL };

  if (label != NULL && g_variant_is_of_type (label, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (label);

      g_variant_unref (label);
      label = inner;
    }
  if (label == NULL || !g_variant_is_of_type (label, G_VARIANT_TYPE_VARDICT))
    return NULL;
  g_variant_lookup (label, "en", "&s", &text.en);
  g_variant_lookup (label, "ru", "&s", &text.ru);
  return kol_text_is_set (&text) ? g_strdup (kol_game_word_text (&text)) : NULL;
}

/**
 * kol_game_word_train:
 * @title: the title played
 * @name: a train's name, its kind's or a variant's ("Y2", "4H")
 *
 * A train (or a kind of train) named as its rulebook names it: the label
 * of its kind when the title gives one ("Y2" is a yellow tram, «желтый
 * трамвай»), else its name ("4H").
 *
 * Returns: (transfer full) (nullable): the name, %NULL when @name is not
 *   a train of @title
 */
char *
kol_game_word_train (const KolTitle *title,
                     const char     *name)
{
  for (guint i = 0; name != NULL && i < title->n_trains; i++)
    {
      const KolTrainDef *def = &title->trains[i];
      gboolean match = g_strcmp0 (def->id, name) == 0 || g_strcmp0 (def->name, name) == 0;

      for (int v = 0; !match && v < def->n_variants; v++)
        match = g_strcmp0 (def->variants[v].name, name) == 0;
      if (match)
        {
          char *label = train_def_label (def);

          return label != NULL ? label : g_strdup (name);
        }
    }
  return NULL;
}
