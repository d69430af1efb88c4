/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-words.h"
#include "kol-l10n.h"

#define SICILY "{\"en\": \"1849 Sicily\", \"ru\": \"1849 Сицилия\"}"

static const struct {
  const char *json;
  const char *languages[5];
  const char *expected;  /* NULL: no text */
} pick_cases[] = {
  /* g_get_language_names() for ru_RU.UTF-8: the full name matches last */
  { SICILY, { "ru_RU.UTF-8", "ru_RU", "ru.UTF-8", "ru", NULL }, "1849 Сицилия" },
  { SICILY, { "en_GB", "en", "C", NULL }, "1849 Sicily" },
  /* the C locale is English */
  { SICILY, { "C", NULL }, "1849 Sicily" },
  /* no matching language: English, then whatever there is */
  { SICILY, { "de_DE", "de", NULL }, "1849 Sicily" },
  { "{\"ru\": \"только по-русски\"}", { "fr", "C", NULL }, "только по-русски" },
  /* a plain string is a proper name, the same in every language */
  { "\"Wien\"", { "ru", NULL }, "Wien" },
  /* not text at all */
  { "{\"en\": 5}", { "en", NULL }, NULL },
  { "{}", { "en", NULL }, NULL },
  { "[\"en\"]", { "en", NULL }, NULL },
  { "42", { "en", NULL }, NULL },
  { "null", { "en", NULL }, NULL },
};

static void
test_pick (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (pick_cases); i++)
    {
      g_autoptr(JsonNode) node = json_from_string (pick_cases[i].json, NULL);

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, pick_cases[i].json);
      g_assert_nonnull (node);
      g_assert_cmpstr (kol_l10n_pick_for_languages (node, pick_cases[i].languages),
                       ==, pick_cases[i].expected);
    }
}

static void
test_pick_null (void)
{
  const char *languages[] = { "en", NULL };

  g_assert_null (kol_l10n_pick_for_languages (NULL, languages));
  g_assert_null (kol_l10n_pick (NULL));
}

/* kol_l10n_pick() follows LANGUAGE, as g_get_language_names() does. */
static void
test_pick_follows_language (void)
{
  g_autoptr(JsonNode) node = json_from_string (SICILY, NULL);

  g_setenv ("LANGUAGE", "ru", TRUE);
  g_assert_cmpstr (kol_l10n_pick (node), ==, "1849 Сицилия");
  g_setenv ("LANGUAGE", "en", TRUE);
  g_assert_cmpstr (kol_l10n_pick (node), ==, "1849 Sicily");
  g_unsetenv ("LANGUAGE");
}

/* One language for all title data: a JSON text and a title's text pick
 * the same, even when the user's first language is one the data lacks. */
static void
test_one_language (void)
{
  g_autoptr(JsonNode) node = json_from_string ("{\"de\": \"Sizilien\", \"en\": \"Sicily\", "
                                               "\"ru\": \"Сицилия\"}", NULL);
  KolText text = { (char *) "Sicily", (char *) "Сицилия" };

  g_setenv ("LANGUAGE", "de:ru", TRUE);
  g_assert_cmpstr (kol_game_word_language (), ==, "ru");
  g_assert_cmpstr (kol_l10n_pick (node), ==, "Сицилия");
  g_assert_cmpstr (kol_game_word_text (&text), ==, "Сицилия");
  g_setenv ("LANGUAGE", "de:en", TRUE);
  g_assert_cmpstr (kol_game_word_language (), ==, "en");
  g_assert_cmpstr (kol_l10n_pick (node), ==, "Sicily");
  g_assert_cmpstr (kol_game_word_text (&text), ==, "Sicily");
  g_unsetenv ("LANGUAGE");
}

static const struct {
  const char *en;
  const char *ru;
  int         amount;
  const char *language;
  const char *expected;
} money_cases[] = {
  { "L.%d", "L.%d", 100, "en", "L.100" },
  /* debts: the sign before the currency, everywhere */
  { "L.%d", "L.%d", -750, "en", "−L.750" },
  { "%d G", "%d гульд.", -40, "ru", "−40 гульд." },
  { "%d G", "%d гульд.", 40, "ru_RU", "40 гульд." },
  { "%d G", "", 40, "ru", "40 G" },
  /* a format from a data file is never printf's: no "%d", no currency */
  { "%s", NULL, 5, "en", "5" },
  { "%s %d %n", NULL, 5, "en", "%s 5 %n" },
  { "L.%d", NULL, G_MININT, "en", "−L.2147483648" },
};

/* Money is written by one function, for the table, the log, the SVG
 * pictures and print export alike. */
static void
test_money (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (money_cases); i++)
    {
      g_autoptr(KolTitle) title = kol_title_new ();
      g_autofree char *money = NULL;

      title->currency.en = g_strdup (money_cases[i].en);
      title->currency.ru = g_strdup (money_cases[i].ru);
      money = kol_game_word_money_in (title, money_cases[i].amount, money_cases[i].language);
      g_assert_cmpstr (money, ==, money_cases[i].expected);
    }
}

static void
test_locale_dir (void)
{
  g_setenv ("KOLEYA_LOCALEDIR", "/tmp/koleya-po", TRUE);
  g_assert_cmpstr (kol_l10n_get_locale_dir (), ==, "/tmp/koleya-po");
  g_setenv ("KOLEYA_LOCALEDIR", "", TRUE);
  g_assert_cmpstr (kol_l10n_get_locale_dir (), ==, LOCALEDIR);
  g_unsetenv ("KOLEYA_LOCALEDIR");
  g_assert_cmpstr (kol_l10n_get_locale_dir (), ==, LOCALEDIR);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/l10n/pick", test_pick);
  g_test_add_func ("/l10n/pick-null", test_pick_null);
  g_test_add_func ("/l10n/pick-follows-language", test_pick_follows_language);
  g_test_add_func ("/l10n/one-language", test_one_language);
  g_test_add_func ("/l10n/money", test_money);
  g_test_add_func ("/l10n/locale-dir", test_locale_dir);

  return g_test_run ();
}
