/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-print-private.h"
#include "kol-svg-renderer.h"

/*
 * Charters: a card per corporation to keep its treasury, trains and
 * unplaced station tokens on. Its band in the corporation's colours names
 * it; under it, the token spaces (the home first, each with its cost), the
 * home, the share split drawn as certificates (the president's first), the
 * float and a fixed par; beside them, boxes for the treasury and the
 * trains. Every word is the title's own (1840's director and «казна»).
 *
 * Corporations of one certificate (1840's lines) get a smaller charter,
 * three to a page; the others two to a page.
 */

#define MAJOR_H_MM 128.0
#define MINOR_H_MM 84.0
#define MAX_W_MM 190.0
#define PAD 10.0

typedef struct
{
  double x, y, w, h;
  double bleed;
  gboolean minor;
} Box;

static const char *
type_word (KolPrintJob      *job,
           const KolCorpDef *corp)
{
  if (g_strcmp0 (corp->type, "line") == 0)
    return kol_game_word (job->title, KOL_WORD_SUBSIDIARY);
  if (g_strcmp0 (corp->type, "city") == 0)
    return kol_game_word (job->title, KOL_WORD_CITY_COMPANY);
  return kol_game_word (job->title, KOL_WORD_COMPANY);
}

static void
draw_band (KolPrintJob      *job,
           GString          *out,
           const Box        *box,
           const KolCorpDef *corp,
           double            band)
{
  const char *fill = corp->color != NULL ? corp->color : "#888888";
  const char *ink = corp->text_color != NULL ? corp->text_color : "#000000";
  const char *name = _kol_print_pick (job, &corp->name), *type = type_word (job, corp);
  double b = box->bleed, id_size = _kol_print_fit_size (corp->id, band * 0.55, KOL_PRINT_TEXT_BOLD, box->w * 0.3);
  double id_w = _kol_print_text_width (corp->id, id_size, KOL_PRINT_TEXT_BOLD);
  double type_w = _kol_print_text_width (type, 9, 0), name_x = box->x + PAD + id_w + 12;

  _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n"
                  "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\" stroke=\"#999999\" stroke-width=\"0.3\"/>\n",
                  box->x - b, box->y - b, box->w + 2 * b, box->h + 2 * b, box->x - b, box->y - b, box->w + 2 * b,
                  band + b, fill);
  _kol_print_text (out, box->x + PAD, box->y + band / 2 + id_size * 0.36, id_size, KOL_PRINT_TEXT_BOLD, ink, corp->id);
  _kol_print_text (out, name_x, box->y + band / 2 + 4.5,
                   _kol_print_fit_size (name, 13, KOL_PRINT_TEXT_BOLD, box->x + box->w - PAD - type_w - 10 - name_x),
                   KOL_PRINT_TEXT_BOLD, ink, name);
  _kol_print_text (out, box->x + box->w - PAD, box->y + band / 2 + 3, 9, KOL_PRINT_TEXT_END, ink, type);
}

/* The hexes where the corporation's tokens start: its home, or the
 * title's initial tokens (1840's Stadtbahn companies). */
static GPtrArray *
start_hexes (const KolTitle   *title,
             const KolCorpDef *corp)
{
  GPtrArray *hexes = g_ptr_array_new ();

  if (corp->home >= 0)
    g_ptr_array_add (hexes, title->hexes[corp->home].id);
  for (guint i = 0; corp->initial_tokens != NULL && i < corp->initial_tokens->len; i++)
    {
      const KolInitialToken *token = &g_array_index (corp->initial_tokens, KolInitialToken, i);

      if (token->hex >= 0 && (corp->home < 0 || token->hex != corp->home))
        g_ptr_array_add (hexes, title->hexes[token->hex].id);
    }
  return hexes;
}

/* The token spaces, each as large as a station token at the map's scale
 * (smaller when many must fit), with the hex a token starts on and its
 * cost under it. Returns the height used. */
static double
draw_tokens (KolPrintJob      *job,
             GString          *out,
             const KolCorpDef *corp,
             double            x,
             double            y,
             double            width)
{
  g_autoptr(GPtrArray) hexes = start_hexes (job->title, corp);
  double d = job->hex_mm * KOL_PT_PER_MM / KOL_SQRT3 * 2 * KOL_SVG_SLOT_RADIUS / KOL_SVG_HEX_RADIUS;
  gboolean costs = FALSE;

  if (corp->n_tokens == 0)
    return 0;
  d = MIN (d, width / corp->n_tokens - 8);
  for (int i = 0; i < corp->n_tokens; i++)
    costs |= corp->token_costs[i] != 0;
  for (int i = 0; i < corp->n_tokens; i++)
    {
      double cx = x + d / 2 + i * (d + 8), cy = y + d / 2;

      _kol_print_svg (out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#f4f4f4\" stroke=\"#555555\" "
                      "stroke-width=\"0.6\" stroke-dasharray=\"2 1.5\"/>\n", cx, cy, d / 2);
      if ((guint) i < hexes->len)
        _kol_print_text (out, cx, cy + 3, _kol_print_fit_size (g_ptr_array_index (hexes, i), 8, KOL_PRINT_TEXT_BOLD,
                                                              d - 4),
                         KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE, "#333333", g_ptr_array_index (hexes, i));
      if (costs)
        {
          g_autofree char *cost = _kol_print_money (job, corp->token_costs[i]);

          _kol_print_text (out, cx, y + d + 9, _kol_print_fit_size (cost, 7, 0, d + 6), KOL_PRINT_TEXT_MIDDLE,
                           "#333333", cost);
        }
    }
  return d + (costs ? 12 : 4);
}

static char *
home_line (KolPrintJob      *job,
           const KolCorpDef *corp)
{
  const KolTitle *title = job->title;

  if (corp->home_choices != NULL && corp->home_choices->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < corp->home_choices->len; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                                title->hexes[g_array_index (corp->home_choices, gint16, i)].id);
      /* Translators: on a charter: the hexes a corporation may choose its
       * home among. */
      return g_strdup_printf (_("Home: one of %s"), list->str);
    }
  if (corp->home >= 0)
    {
      const char *name = _kol_print_pick (job, &title->hexes[corp->home].name);

      if (*name != '\0')
        /* Translators: on a charter: the home hex and its name. */
        return g_strdup_printf (_("Home: %s (%s)"), title->hexes[corp->home].id, name);
      return g_strdup_printf (_("Home: %s"), title->hexes[corp->home].id);
    }
  return NULL;
}

/* "President 20 % + 6 × 10 % + 20 %": runs of equal certificates. */
static char *
split_line (KolPrintJob      *job,
            const KolCorpDef *corp)
{
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "%s %d %%", kol_game_word (job->title, KOL_WORD_PRESIDENT), corp->shares[0]);
  for (int i = 1; i < corp->n_shares;)
    {
      int run = 1;

      while (i + run < corp->n_shares && corp->shares[i + run] == corp->shares[i])
        run++;
      if (run > 1)
        g_string_append_printf (line, " + %d × %d %%", run, corp->shares[i]);
      else
        g_string_append_printf (line, " + %d %%", corp->shares[i]);
      i += run;
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The certificates as boxes as wide as their percent. Returns the height
 * used. */
static double
draw_certificates (KolPrintJob      *job,
                   GString          *out,
                   const KolCorpDef *corp,
                   double            x,
                   double            y,
                   double            width)
{
  double gap = 3, unit = MIN (2.2, (width - gap * (corp->n_shares - 1)) / 100.0), h = 24, cx = x;
  g_autofree char *split = split_line (job, corp);

  for (int i = 0; i < corp->n_shares; i++)
    {
      double w = corp->shares[i] * unit;
      g_autofree char *label = g_strdup_printf ("%d %%", corp->shares[i]);

      _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"2\" fill=\"%s\" "
                      "stroke=\"#555555\" stroke-width=\"0.5\"/>\n", cx, y, w, h,
                      i == 0 ? (corp->color != NULL ? corp->color : "#888888") : "#ffffff");
      _kol_print_text (out, cx + w / 2, y + h / 2 + 3, _kol_print_fit_size (label, 8, KOL_PRINT_TEXT_BOLD, w - 2),
                       KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE,
                       i == 0 && corp->text_color != NULL ? corp->text_color : "#1a1a1a", label);
      cx += w + gap;
    }
  _kol_print_text (out, x, y + h + 11, _kol_print_fit_size (split, 8, 0, width), 0, "#333333", split);
  return h + 15;
}

static char *
terms_line (KolPrintJob      *job,
            const KolCorpDef *corp)
{
  g_autoptr(GString) line = g_string_new (NULL);

  if (corp->float_percent > 0 && corp->float_percent < 100)
    /* Translators: on a charter: how much of a corporation must be sold
     * before it operates. */
    g_string_append_printf (line, _("Floats when %d %% are sold"), corp->float_percent);
  if (corp->par > 0)
    {
      g_autofree char *par = _kol_print_money (job, corp->par);

      g_string_append_printf (line, "%s%s: %s", line->len > 0 ? " · " : "", kol_game_word (job->title, KOL_WORD_PAR),
                              par);
    }
  if (corp->token_fee > 0)
    {
      g_autofree char *fee = _kol_print_money (job, corp->token_fee);

      if (line->len > 0)
        g_string_append (line, " · ");
      /* Translators: on a charter: what a corporation pays for its station
       * tokens when it starts (1849). */
      g_string_append_printf (line, _("Token fee %s"), fee);
    }
  return line->len > 0 ? g_string_free (g_steal_pointer (&line), FALSE) : NULL;
}

static void
draw_box (GString    *out,
          double      x,
          double      y,
          double      w,
          double      h,
          const char *heading)
{
  _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"4\" fill=\"none\" "
                  "stroke=\"#777777\" stroke-width=\"0.8\"/>\n", x, y, w, h);
  _kol_print_text (out, x + 6, y + 12, 8.5, KOL_PRINT_TEXT_BOLD, "#444444", heading);
}

static const char *
own_or (KolPrintJob *job,
        const char  *term,
        const char  *fallback)
{
  const char *own = kol_game_word_own (job->title, "", term);

  return own != NULL ? own : fallback;
}

/* The phases as the charter's holder needs them: the tiles each allows,
 * the train limit and the operating rounds per set. */
static void
draw_phases (KolPrintJob *job,
             GString     *out,
             double       x,
             double       y,
             double       width)
{
  const KolTitle *title = job->title;
  const char *heads[4] = {
    kol_game_word (title, KOL_WORD_PHASE), C_("charter", "Tiles"),
    own_or (job, "train_limit", _("Train limit")), own_or (job, "operating_rounds", _("Operating rounds")),
  };
  double cols[5] = { x, x + width * 0.16, x + width * 0.44, x + width * 0.72, x + width }, row = 11;

  for (int c = 0; c < 4; c++)
    _kol_print_text (out, cols[c], y + 8, _kol_print_fit_size (heads[c], 7.5, KOL_PRINT_TEXT_BOLD,
                                                              cols[c + 1] - cols[c] - 6),
                     KOL_PRINT_TEXT_BOLD, "#444444", heads[c]);
  for (guint p = 0; p < title->n_phases; p++)
    {
      const KolPhaseDef *phase = &title->phases[p];
      double ry = y + (p + 1) * row, chip = cols[1];
      g_autofree char *limit = phase->train_limit >= 0 ? g_strdup_printf ("%d", phase->train_limit) : g_strdup ("—");
      g_autofree char *rounds = g_strdup_printf ("%d", phase->operating_rounds);

      _kol_print_text (out, cols[0], ry + 8, 7.5, 0, "#1a1a1a", phase->name);
      for (int c = 0; c < title->n_colors; c++)
        if (phase->tiles & (1u << title->tile_colors[c]))
          {
            _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"12\" height=\"8\" fill=\"%s\" stroke=\"#555555\" "
                            "stroke-width=\"0.3\"/>\n", chip, ry + 1.5, kol_svg_color_fill (title->tile_colors[c]));
            chip += 14;
          }
      _kol_print_text (out, cols[2], ry + 8, 7.5, 0, "#1a1a1a", limit);
      _kol_print_text (out, cols[3], ry + 8, 7.5, 0, "#1a1a1a", rounds);
    }
}

static void
draw_charter (KolPrintJob      *job,
              GString          *out,
              const Box        *box,
              const KolCorpDef *corp)
{
  double band = box->minor ? 34 : 42, left = box->x + PAD, col = box->w * 0.58, y = box->y + band + 8;
  double right = left + col + PAD, rw = box->x + box->w - PAD - right, rh = box->y + box->h - PAD - y;
  g_autofree char *home = home_line (job, corp), *terms = terms_line (job, corp);

  draw_band (job, out, box, corp, band);
  if (corp->n_tokens > 0)
    {
      _kol_print_text (out, left, y + 8, 8.5, KOL_PRINT_TEXT_BOLD, "#444444",
                       kol_game_word (job->title, KOL_WORD_STATION_MARKERS));
      y += 14 + draw_tokens (job, out, corp, left, y + 12, col);
    }
  if (home != NULL)
    {
      _kol_print_text (out, left, y + 8, _kol_print_fit_size (home, 8.5, 0, col), 0, "#1a1a1a", home);
      y += 16;
    }
  if (corp->n_shares > 1)
    {
      _kol_print_text (out, left, y + 8, 8.5, KOL_PRINT_TEXT_BOLD, "#444444", _("Certificates"));
      y += 14 + draw_certificates (job, out, corp, left, y + 12, col);
    }
  if (terms != NULL)
    {
      _kol_print_text (out, left, y + 8, _kol_print_fit_size (terms, 8.5, 0, col), 0, "#1a1a1a", terms);
      y += 16;
    }
  if (!box->minor && y + 6 + (job->title->n_phases + 1) * 11 <= box->y + box->h - PAD)
    draw_phases (job, out, left, y + 6, col);
  draw_box (out, right, box->y + band + 8, rw, rh * 0.45, kol_game_word (job->title, KOL_WORD_TREASURY));
  draw_box (out, right, box->y + band + 8 + rh * 0.45 + 8, rw, rh * 0.55 - 8, kol_game_word (job->title, KOL_WORD_TRAINS));
}

typedef struct
{
  GArray   *corps;
  gboolean  minor;
} Group;

static void
charter_piece (KolPrintJob *job,
               GString     *out,
               guint        index,
               double       x,
               double       y,
               double       w,
               double       h,
               double       bleed,
               gpointer     data)
{
  Group *group = data;
  const KolCorpDef *corp = &job->title->corps[g_array_index (group->corps, guint, index)];
  Box box = { x, y, w, h, bleed, group->minor };

  _kol_print_svg (out, "<g class=\"charter\" data-corporation=\"%t\">\n", corp->id);
  draw_charter (job, out, &box, corp);
  g_string_append (out, "</g>\n");
}

/* One group of charters of one size on pages of their own. */
static void
charter_group (KolPrintJob *job,
               gboolean     minor,
               double       height,
               GArray      *corps)
{
  Group group = { corps, minor };
  KolPrintGrid grid;
  double pw, ph;

  if (corps->len == 0)
    return;
  _kol_print_printable (job, FALSE, &pw, &ph);
  if (_kol_print_grid_plan (job, &grid, MIN (pw, MAX_W_MM * KOL_PT_PER_MM), MIN (height, ph), corps->len))
    _kol_print_grid_pack (job, KOL_PRINT_CHARTERS, &grid, corps->len, charter_piece, &group);
}

gboolean
_kol_print_charters_sheet (KolPrintJob        *job,
                           KolPrintSheetInfo  *info,
                           GError            **error)
{
  g_autoptr(GArray) majors = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) minors = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint c = 0; c < job->title->n_corps; c++)
    g_array_append_val (job->title->corps[c].n_shares > 1 ? majors : minors, c);
  charter_group (job, FALSE, MAJOR_H_MM * KOL_PT_PER_MM, majors);
  charter_group (job, TRUE, MINOR_H_MM * KOL_PT_PER_MM, minors);
  if (job->pages->len > info->first_page)
    info->landscape = ((KolPrintPage *) g_ptr_array_index (job->pages, info->first_page))->w >
                      ((KolPrintPage *) g_ptr_array_index (job->pages, info->first_page))->h;
  return TRUE;
}
