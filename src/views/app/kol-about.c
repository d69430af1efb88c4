/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-about.h"
#include "kol-application.h"
#include "kol-title-info.h"

/* Credits the designers of the titles found, from their data, so no title
 * is named in code. */
static void
add_game_designers (GtkAboutDialog *dialog)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);
      const char *designer = kol_title_info_get_designer (info);

      if (*designer != '\0')
        /* Translators: a game's designer and, in brackets, the game. */
        g_ptr_array_add (lines, g_strdup_printf (_("%s (%s)"), designer,
                                                 kol_title_info_get_name (info)));
    }
  if (lines->len == 0)
    return;

  g_ptr_array_add (lines, NULL);
  gtk_about_dialog_add_credit_section (dialog, _("Game Designs"), (const char **) lines->pdata);
}

/**
 * kol_about_show:
 * @parent: (nullable): the window the dialog belongs to
 *
 * Shows the About dialog; it is destroyed when closed.
 */
void
kol_about_show (GtkWindow *parent)
{
  const char *developers[] = { _("The Koleya developers"), NULL };
  GtkWidget *dialog = gtk_about_dialog_new ();

  g_object_set (dialog,
                "transient-for", parent,
                "modal", TRUE,
                "destroy-with-parent", TRUE,
                "program-name", _("Koleya"),
                "logo-icon-name", KOL_ICON_NAME,
                "version", PACKAGE_VERSION,
                "comments", _("Play 18xx railway board games at one table"),
                "website", "https://github.com/koleya/koleya",
                "website-label", _("Website"),
                "copyright", _("© 2026 The Koleya developers"),
                "license-type", GTK_LICENSE_GPL_3_0,
                "authors", developers,
                "artists", developers,
                /* Translators: your names, one per line, to credit the translation. */
                "translator-credits", _("translator-credits"),
                NULL);
  add_game_designers (GTK_ABOUT_DIALOG (dialog));

  gtk_window_present (GTK_WINDOW (dialog));
}
