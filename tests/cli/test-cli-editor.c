/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "cli-run.h"

/*
 * The editor's commands: `koleya-cli roundtrip` writes both
 * shipped titles back byte for byte through the document model, and
 * `koleya-cli export` prints their map, tiles and market as PDF and SVG.
 */

static char *
title_dir (const char *title)
{
  const char *root = g_getenv ("KOLEYA_DATA_DIR");

  return root != NULL ? g_build_filename (root, title, NULL) : NULL;
}

static char *
temp_path (const char *name)
{
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_cache_dir (), name, NULL);
}

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  gsize len_a, len_b;

  g_assert_true (g_file_get_contents (a, &text_a, &len_a, NULL));
  g_assert_true (g_file_get_contents (b, &text_b, &len_b, NULL));
  return len_a == len_b && memcmp (text_a, text_b, len_a) == 0;
}

static void
test_roundtrip (gconstpointer data)
{
  const char *title = data;
  g_autofree char *dir = title_dir (title);
  g_autofree char *name = g_strconcat ("roundtrip-", title, NULL);
  g_autofree char *out_dir = temp_path (name);
  const char *args[] = { "roundtrip", dir, "-o", out_dir, "--check", NULL };
  const char *files[] = { "game.json", "tiles.json", "map.json" };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  g_assert_cmpint (cli_run_full (NULL, args, NULL, FALSE, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "game.json: identical\ntiles.json: identical\nmap.json: identical\n");
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *in_file = g_build_filename (dir, files[i], NULL);
      g_autofree char *out_file = g_build_filename (out_dir, files[i], NULL);

      g_assert_true (same_file (in_file, out_file));
    }
}

/* A file laid out otherwise is written in the canonical layout, and --check
 * says so with a failure; the tool speaks Russian too. */
static void
test_roundtrip_layout (void)
{
  g_autofree char *dir = temp_path ("odd-layout");
  g_autofree char *out_dir = temp_path ("odd-layout-out");
  g_autofree char *template = title_dir ("../templates/blank");
  const char *files[] = { "game.json", "tiles.json", "map.json" };
  const char *check[] = { "roundtrip", dir, "-o", out_dir, "--check", NULL };
  const char *plain[] = { "roundtrip", dir, "-o", out_dir, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *from = g_build_filename (template, files[i], NULL);
      g_autofree char *to = g_build_filename (dir, files[i], NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
      if (i == 0)
        {
          /* the same JSON with the data version on its own odd line */
          g_autofree char *odd = NULL;
          char *at = strstr (text, "\"data_version\": 1");

          g_assert_nonnull (at);
          odd = g_strdup_printf ("%.*s\"data_version\" :   1%s", (int) (at - text), text,
                                 at + strlen ("\"data_version\": 1"));
          g_assert_true (g_file_set_contents (to, odd, -1, NULL));
        }
      else
        g_assert_true (g_file_set_contents (to, text, -1, NULL));
    }
  g_assert_cmpint (cli_run_full (NULL, check, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "game.json: written with a different layout\ntiles.json: identical\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (cli_run_full (NULL, plain, NULL, TRUE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "tiles.json: "));
  g_assert_null (strstr (out, "identical"));
}

static void
test_roundtrip_refusals (void)
{
  g_autofree char *builtin = title_dir ("1849");
  g_autofree char *missing = temp_path ("no-such-title");
  g_autofree char *out_dir = temp_path ("refused");
  const char *into_builtin[] = { "roundtrip", builtin, "-o", builtin, NULL };
  const char *from_missing[] = { "roundtrip", missing, "-o", out_dir, NULL };
  const char *no_output[] = { "roundtrip", builtin, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full (NULL, into_builtin, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "built-in"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (cli_run_full (NULL, from_missing, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Cannot open"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (cli_run_full (NULL, no_output, NULL, FALSE, &out, &err), ==, 2);
}

static guint
count_pdf_pages (const char *pdf,
                 gsize       length)
{
  static const char needle[] = "/Type /Page";
  gsize n = sizeof needle - 1;
  guint count = 0;

  for (gsize i = 0; i + n < length; i++)
    if (memcmp (pdf + i, needle, n) == 0 && pdf[i + n] != 's')
      count++;
  return count;
}

typedef struct
{
  const char *title;
  const char *what;
  const char *format;
  const char *scale;
  guint       min_files;
  guint       min_pages;
} ExportCase;

static const ExportCase export_cases[] = {
  { "1849", "map", "pdf", "real", 1, 4 },
  { "1849", "map", "pdf", "fit", 1, 1 },
  { "1849", "tiles", "pdf", "real", 1, 5 },
  { "1849", "market", "pdf", "fit", 1, 1 },
  { "1849", "map", "svg", "fit", 1, 0 },
  { "1849", "market", "svg", "real", 1, 0 },
  { "1840", "map", "pdf", "real", 1, 4 },
  { "1840", "tiles", "pdf", "real", 1, 4 },
  { "1840", "market", "pdf", "real", 1, 2 },
  { "1840", "tiles", "svg", "real", 4, 0 },
  { "1840", "charters,trains", "svg", "real", 10, 0 },
};

static void
test_export (gconstpointer data)
{
  const ExportCase *c = data;
  g_autofree char *dir = title_dir (c->title);
  g_autofree char *name = g_strdup_printf ("%s-%s-%s.%s", c->title, c->what, c->scale, c->format);
  g_autofree char *file = temp_path (name);
  const char *args[] = { "export", dir, "--what", c->what, "--format", c->format, "--scale", c->scale,
                         "-o", file, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) files = NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  g_assert_cmpint (cli_run_full (NULL, args, NULL, FALSE, &out, &err), ==, 0);
  files = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (files), >=, c->min_files);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *text = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (files[i], &text, &length, NULL));
      if (g_str_equal (c->format, "pdf"))
        {
          g_assert_true (g_str_has_prefix (text, "%PDF-"));
          g_assert_cmpuint (count_pdf_pages (text, length), >=, c->min_pages);
        }
      else
        g_assert_nonnull (strstr (text, "<svg"));
    }
}

static const struct
{
  const char *args[10];   /* NULL-terminated */
  const char *in_stderr;
} export_refusals[] = {
  { { "export", "DIR", "--what", "everything", "-o", "x.pdf" }, "--what" },
  { { "export", "DIR", "--what", "map,cards", "-o", "x.pdf" }, "--what" },
  { { "export", "DIR", "--what", "map", "--paper", "b5", "-o", "x.pdf" }, "a4, a3, a5, letter, legal or tabloid" },
  { { "export", "DIR", "--what", "map", "--scale", "huge", "-o", "x.pdf" }, "real or fit" },
  { { "export", "DIR", "--what", "map", "--format", "tiff", "-o", "x.pdf" }, "pdf, svg or png" },
  { { "export", "DIR", "--orientation", "sideways", "-o", "x.pdf" }, "auto, portrait or landscape" },
  { { "export", "DIR", "--files", "many", "-o", "x.pdf" }, "one, sheet or page" },
  { { "export", "DIR", "--language", "de", "-o", "x.pdf" }, "en or ru" },
  { { "export", "DIR", "--max-shrink", "80", "-o", "x.pdf" }, "between 0 and 50" },
  { { "export", "DIR", "--what", "map" }, "-o FILE" },
};

static void
test_export_refusals (void)
{
  g_autofree char *dir = title_dir ("1849");

  for (gsize i = 0; i < G_N_ELEMENTS (export_refusals); i++)
    {
      const char *args[10] = { NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      for (guint k = 0; export_refusals[i].args[k] != NULL; k++)
        args[k] = g_str_equal (export_refusals[i].args[k], "DIR") ? dir : export_refusals[i].args[k];
      g_assert_cmpint (cli_run_full (NULL, args, NULL, FALSE, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, export_refusals[i].in_stderr));
    }
}

/* Every sheet, a PDF per sheet; standard error says how each was laid
 * out. */
static void
test_export_all (void)
{
  static const char * const sheets[] = { "map", "tiles", "tile-counts", "market", "charters", "privates", "trains",
                                         "tokens" };
  g_autofree char *dir = title_dir ("1849");
  g_autofree char *file = temp_path ("1849-all.pdf");
  const char *args[] = { "export", dir, "--what", "all", "--files", "sheet", "--paper", "letter", "-o", file, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) files = NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1849");
      return;
    }
  g_assert_cmpint (cli_run_full (NULL, args, NULL, FALSE, &out, &err), ==, 0);
  files = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (files), ==, G_N_ELEMENTS (sheets));
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autofree char *suffix = g_strdup_printf ("1849-all-%s.pdf", sheets[i]);

      g_assert_true (g_str_has_suffix (files[i], suffix));
      g_assert_true (g_file_test (files[i], G_FILE_TEST_IS_REGULAR));
    }
  g_assert_nonnull (strstr (err, "Map: 4 pages"));
  g_assert_nonnull (strstr (err, "In all:"));
}

/* An 18xx-maker definition into a title folder that validates, and the
 * title back out; a file that is not one is refused. */
static void
test_maker (void)
{
  g_autofree char *catalogue = title_dir ("1849");
  g_autofree char *dir = temp_path ("valley");
  g_autofree char *file = temp_path ("valley-maker.json");
  const char *in[] = { "maker-import", KOL_SOURCE_DIR "/tests/model/maker/valley.json", "-o", dir, "--catalogue",
                       catalogue, "--catalogue", KOL_SOURCE_DIR "/data/templates/blank", NULL };
  const char *out[] = { "maker-export", dir, "-o", file, NULL };
  const char *wrong[] = { "maker-import", KOL_SOURCE_DIR "/data/templates/blank/game.json", "-o", dir, NULL };
  g_autofree char *stdout_text = NULL, *err = NULL, *written = NULL;

  if (catalogue == NULL || !g_file_test (catalogue, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1849");
      return;
    }
  g_assert_cmpint (cli_run_full (NULL, in, NULL, FALSE, &stdout_text, &err), ==, 0);
  g_assert_nonnull (strstr (err, "12/10"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&stdout_text, g_free);
  g_assert_cmpint (cli_run_full (NULL, out, NULL, FALSE, &stdout_text, &err), ==, 0);
  g_assert_true (g_file_get_contents (file, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "\"Alder Railway\""));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&stdout_text, g_free);
  g_assert_cmpint (cli_run_full (NULL, wrong, NULL, FALSE, &stdout_text, &err), ==, 1);
  g_assert_nonnull (strstr (err, "18xx-maker"));
}

/* A definition nested a million deep crashed json-glib: it is refused,
 * with the file named, and so is one that is not JSON. */
static void
test_maker_hostile (void)
{
  g_autofree char *dir = temp_path ("maker-hostile");
  g_autofree char *deep = temp_path ("maker-deep.json");
  g_autofree char *broken = temp_path ("maker-broken.json");
  g_autoptr(GString) text = g_string_new ("{\"info\": ");
  const char *deep_args[] = { "maker-import", deep, "-o", dir, NULL };
  const char *broken_args[] = { "maker-import", broken, "-o", dir, NULL };
  g_autofree char *out = NULL, *err = NULL;

  for (int i = 0; i < 1000000; i++)
    g_string_append_c (text, '[');
  for (int i = 0; i < 1000000; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  g_assert_true (g_file_set_contents (deep, text->str, (gssize) text->len, NULL));
  g_assert_true (g_file_set_contents (broken, "{\"info\": [1, 2", -1, NULL));

  g_assert_cmpint (cli_run_full (NULL, deep_args, NULL, FALSE, &out, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_true (g_str_has_prefix (err, deep));
  g_assert_nonnull (strstr (err, "nested"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (cli_run_full (NULL, broken_args, NULL, FALSE, &out, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_true (g_str_has_prefix (err, broken));
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_unlink (deep), ==, 0);
  g_assert_cmpint (g_unlink (broken), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/cli-editor/roundtrip/1849", "1849", test_roundtrip);
  g_test_add_data_func ("/cli-editor/roundtrip/1840", "1840", test_roundtrip);
  g_test_add_func ("/cli-editor/roundtrip/layout", test_roundtrip_layout);
  g_test_add_func ("/cli-editor/roundtrip/refusals", test_roundtrip_refusals);
  for (gsize i = 0; i < G_N_ELEMENTS (export_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli-editor/export/%s/%s-%s-%s", export_cases[i].title,
                                               export_cases[i].what, export_cases[i].format, export_cases[i].scale);

      g_test_add_data_func (path, &export_cases[i], test_export);
    }
  g_test_add_func ("/cli-editor/export/refusals", test_export_refusals);
  g_test_add_func ("/cli-editor/export/all", test_export_all);
  g_test_add_func ("/cli-editor/maker", test_maker);
  g_test_add_func ("/cli-editor/maker/hostile", test_maker_hostile);
  return g_test_run ();
}
