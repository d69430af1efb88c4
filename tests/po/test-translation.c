/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

/* Run with LC_ALL=C.UTF-8 LANGUAGE=ru and the build tree's catalogue, as an
 * uninstalled Russian session would: the app's strings come back in Russian. */

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

/* Strings from each layer: window title and menu (ui/), the start page,
 * the model's messages and the CLI. */
static const char *const messages[] = {
  "Koleya",
  "_New Game…",
  "_Open…",
  "_Import 18xx.games Game…",
  "_Tile & Map Editor",
  "_Keyboard Shortcuts",
  "_About Koleya",
  "Welcome to Koleya",
  "No Game Titles Yet",
  "Start a Game",
  "Designed by %s",
  "Commands:",
};

static void
test_messages (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      const char *translated = gettext (messages[i]);

      g_test_message ("%s → %s", messages[i], translated);
      g_assert_cmpstr (translated, !=, messages[i]);
      g_assert_true (has_cyrillic (translated));
    }
}

static void
test_context (void)
{
  g_assert_true (has_cyrillic (C_("shortcut window", "Quit")));
}

/* Russian has three plural forms: 1 игрок, 2–4 игрока, 5 игроков, and 21
 * is like 1. This fails if the Plural-Forms header is wrong. */
static void
test_plural_forms (void)
{
  static const struct {
    gulong n;
    const char *expected;
  } cases[] = {
    { 1, "%u игрок" }, { 2, "%u игрока" }, { 4, "%u игрока" }, { 5, "%u игроков" },
    { 11, "%u игроков" }, { 21, "%u игрок" }, { 22, "%u игрока" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (ngettext ("%u player", "%u players", cases[i].n), ==, cases[i].expected);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("KOLEYA_TEST_LOCALEDIR");

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/translation/messages", test_messages);
  g_test_add_func ("/translation/context", test_context);
  g_test_add_func ("/translation/plural-forms", test_plural_forms);

  return g_test_run ();
}
