/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-titles.h"

extern const KolTitleModule kol_title_module_1849;
extern const KolTitleModule kol_title_module_1840;
extern const KolTitleModule kol_title_module_standard;

static const KolTitleModule *const modules[] = {
  &kol_title_module_1849,
  &kol_title_module_1840,
  &kol_title_module_standard,
};

/**
 * kol_titles_lookup:
 * @rules_module: a rules module id, as game.json names it ("1849")
 *
 * Returns: (nullable): the module, or %NULL when no module has that id.
 */
const KolTitleModule *
kol_titles_lookup (const char *rules_module)
{
  for (gsize i = 0; i < G_N_ELEMENTS (modules); i++)
    if (g_strcmp0 (modules[i]->id, rules_module) == 0)
      return modules[i];
  return NULL;
}

/**
 * kol_titles_ids:
 *
 * Returns: (transfer none): the ids of the rules modules, for messages
 *   that list them; %NULL-terminated
 */
const char * const *
kol_titles_ids (void)
{
  static const char *ids[G_N_ELEMENTS (modules) + 1];

  if (ids[0] == NULL)
    for (gsize i = 0; i < G_N_ELEMENTS (modules); i++)
      ids[i] = modules[i]->id;
  return ids;
}

/**
 * kol_titles_nth_id:
 * @n: a position in the registry
 *
 * Returns: (nullable): the id of the @n-th rules module, or %NULL past
 *   the last (for the editor's choice of a title's module)
 */
const char *
kol_titles_nth_id (guint n)
{
  return n < G_N_ELEMENTS (modules) ? modules[n]->id : NULL;
}
