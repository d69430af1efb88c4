/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-l10n.h"

/**
 * kol_l10n_get_locale_dir:
 *
 * The directory holding the message catalogues. An uninstalled build sets
 * `KOLEYA_LOCALEDIR` (meson devenv does) to the build tree's `po/`, where
 * meson writes `<lang>/LC_MESSAGES/koleya.mo`; otherwise it is `LOCALEDIR`.
 *
 * Returns: (transfer none): a directory name
 */
const char *
kol_l10n_get_locale_dir (void)
{
  const char *dir = g_getenv ("KOLEYA_LOCALEDIR");

  return (dir != NULL && *dir != '\0') ? dir : LOCALEDIR;
}

/**
 * kol_l10n_init_gettext:
 *
 * Sets the locale from the environment and binds the `koleya` text domain,
 * in UTF-8 whatever the locale's charset, since GTK and JSON are UTF-8.
 * Call it first thing in main().
 */
void
kol_l10n_init_gettext (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, kol_l10n_get_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

static const char *
string_member (JsonObject *object,
               const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static const char *
first_string_member (JsonObject *object)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *text = string_member (object, l->data);

      if (text != NULL)
        return text;
    }
  return NULL;
}

/**
 * kol_l10n_pick_for_languages:
 * @text: (nullable): a plain string, or an object such as `{"en": …, "ru": …}`
 * @languages: language names, most preferred first, as g_get_language_names()
 *   gives them (`ru_RU.UTF-8`, `ru_RU`, `ru`, `C`)
 *
 * Picks the text for the first language @text has. "C" and "POSIX" mean
 * English. When no language matches, English is used, then any entry, so a
 * title with a missing translation still shows a name.
 *
 * Returns: (transfer none) (nullable): the text, owned by @text, or %NULL if
 *   @text is neither a string nor an object with a string member
 */
const char *
kol_l10n_pick_for_languages (JsonNode           *text,
                             const char * const *languages)
{
  JsonObject *object;
  const char *found;

  g_return_val_if_fail (languages != NULL, NULL);

  if (text == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (text))
    return json_node_get_value_type (text) == G_TYPE_STRING ? json_node_get_string (text) : NULL;
  if (!JSON_NODE_HOLDS_OBJECT (text))
    return NULL;

  object = json_node_get_object (text);
  for (guint i = 0; languages[i] != NULL; i++)
    {
      const char *lang = languages[i];

      if (g_str_equal (lang, "C") || g_str_equal (lang, "POSIX"))
        lang = "en";
      if ((found = string_member (object, lang)) != NULL)
        return found;
    }

  if ((found = string_member (object, "en")) != NULL)
    return found;
  return first_string_member (object);
}

/**
 * kol_l10n_pick:
 * @text: (nullable): a plain string or a translation object
 *
 * Like kol_l10n_pick_for_languages() for the language title data is shown
 * in (kol_game_word_language()), so that a JSON text and the title loaded
 * from it never disagree.
 *
 * Returns: (transfer none) (nullable): the text, owned by @text
 */
const char *
kol_l10n_pick (JsonNode *text)
{
  const char *languages[] = { kol_game_word_language (), NULL };

  return kol_l10n_pick_for_languages (text, languages);
}
