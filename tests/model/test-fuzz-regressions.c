/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-fuzz-common.h"

/*
 * A regression test for every crash found: every input that ever crashed
 * a fuzz target is in tests/fuzz/regressions/{save,record,title,json}/
 * (named after the bug it found) and is loaded here the way the target
 * loads it; the seed corpus (tests/fuzz/corpus/) is run too. A crash, a
 * sanitizer report or a failed check fails the test.
 */

typedef void (*LoadFunc) (const guint8 *data,
                          gsize         size);

static void
run_dir (const char *subdir,
         LoadFunc    load,
         gboolean    need_some)
{
  g_autofree char *dir = g_build_filename (KOL_FUZZ_DIR, subdir, NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (name[0] == '.' || g_str_equal (name, "README.md"))
        continue;
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_test_message ("%s/%s", subdir, name);
      load ((const guint8 *) contents, length);
      n++;
    }
  g_test_message ("%u inputs", n);
  if (need_some)
    g_assert_cmpuint (n, >, 0);
}

static void
test_save_regressions (void)
{
  run_dir ("regressions/save", kol_fuzz_load_save, FALSE);
}

static void
test_record_regressions (void)
{
  run_dir ("regressions/record", kol_fuzz_import, FALSE);
}

static void
test_title_regressions (void)
{
  run_dir ("regressions/title", kol_fuzz_title_folder, FALSE);
}

static void
test_json_regressions (void)
{
  run_dir ("regressions/json", kol_fuzz_json_format, FALSE);
}

static void
test_title_corpus (void)
{
  run_dir ("corpus/title", kol_fuzz_title_folder, TRUE);
}

static void
test_json_corpus (void)
{
  run_dir ("corpus/json", kol_fuzz_json_format, TRUE);
}

static void
test_save_corpus (void)
{
  run_dir ("corpus/save", kol_fuzz_load_save, TRUE);
}

static void
test_record_corpus (void)
{
  run_dir ("corpus/record", kol_fuzz_import, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz-regressions/save", test_save_regressions);
  g_test_add_func ("/fuzz-regressions/record", test_record_regressions);
  g_test_add_func ("/fuzz-regressions/save-corpus", test_save_corpus);
  g_test_add_func ("/fuzz-regressions/record-corpus", test_record_corpus);
  g_test_add_func ("/fuzz-regressions/title", test_title_regressions);
  g_test_add_func ("/fuzz-regressions/json", test_json_regressions);
  g_test_add_func ("/fuzz-regressions/title-corpus", test_title_corpus);
  g_test_add_func ("/fuzz-regressions/json-corpus", test_json_corpus);

  status = g_test_run ();
  kol_fuzz_cleanup ();
  return status;
}
