/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kol-file-set.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/* The hidden siblings: ".<name>.new-XXXXXX" while a set is written,
 * ".<name>.old-XXXXXX" holding the set it replaced. */
#define NEW_MARK ".new-"
#define OLD_MARK ".old-"

static void (*step_hook) (int step);
static gboolean no_exchange;

void
_kol_file_set_set_step_hook (void (*hook) (int step))
{
  step_hook = hook;
}

void
_kol_file_set_set_exchange (gboolean use)
{
  no_exchange = !use;
}

static void
step (int n)
{
  if (step_hook != NULL)
    step_hook (n);
}

static gboolean
set_errno_error (GError    **error,
                 int         errsv,
                 const char *what)
{
  g_autofree char *display = g_filename_display_name (what);

  /* Translators: %s is a file or folder, then the system's reason. */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), _("Cannot write “%s”: %s"), display,
               g_strerror (errsv));
  return FALSE;
}

static void
sync_dir (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return;
  (void) fsync (fd);
  close (fd);
}

/* Removes @path and all it holds, without following symbolic links. */
static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static gboolean
write_file (const char  *path,
            const char  *text,
            GError     **error)
{
  gsize length = strlen (text);
  int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  int errsv;

  if (fd < 0)
    return set_errno_error (error, errno, path);
  while (length > 0)
    {
      gssize n = write (fd, text, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          errsv = n < 0 ? errno : ENOSPC;
          close (fd);
          return set_errno_error (error, errsv, path);
        }
      text += n;
      length -= (gsize) n;
    }
  if (fsync (fd) != 0 || close (fd) != 0)
    return set_errno_error (error, errno, path);
  return TRUE;
}

static gboolean
is_set_member (const char         *name,
               const char * const *names)
{
  return g_strv_contains (names, name);
}

/* What else the old folder holds goes into the new one too (hard links,
 * or copies where the file system has none): only the set is replaced. */
static gboolean
carry_over (const char         *from,
            const char         *to,
            const char * const *names,
            GError            **error)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dest = g_build_filename (to, name, NULL);
      g_autoptr(GFile) src_file = NULL;
      g_autoptr(GFile) dest_file = NULL;

      if (names != NULL && is_set_member (name, names))
        continue;
      if (g_file_test (src, G_FILE_TEST_IS_DIR) && !g_file_test (src, G_FILE_TEST_IS_SYMLINK))
        {
          if (g_mkdir (dest, 0755) != 0)
            return set_errno_error (error, errno, dest);
          if (!carry_over (src, dest, NULL, error))
            return FALSE;
          continue;
        }
      if (link (src, dest) == 0)
        continue;
      src_file = g_file_new_for_path (src);
      dest_file = g_file_new_for_path (dest);
      if (!g_file_copy (src_file, dest_file, G_FILE_COPY_NOFOLLOW_SYMLINKS | G_FILE_COPY_ALL_METADATA, NULL,
                        NULL, NULL, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
exchange (const char *a,
          const char *b)
{
#ifdef SYS_renameat2
  if (!no_exchange && syscall (SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0)
    return TRUE;
#endif
  errno = ENOSYS;
  return FALSE;
}

/* Puts the complete set in @tmp in the place of @dir. */
static gboolean
swap_in (const char  *dir,
         const char  *tmp,
         const char  *parent,
         const char  *base,
         GError     **error)
{
  g_autofree char *old = NULL;

  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      if (g_rename (tmp, dir) != 0)
        return set_errno_error (error, errno, dir);
      step (4);
      return TRUE;
    }
  if (exchange (tmp, dir))
    {
      /* @tmp now holds the old set */
      step (4);
      sync_dir (parent);
      remove_tree (tmp);
      return TRUE;
    }
  /* two renames: a crash between them leaves the old set hidden, put back
   * by kol_file_set_recover() */
  old = g_strdup_printf ("%s/.%s" OLD_MARK "%08x", parent, base, g_random_int ());
  if (g_rename (dir, old) != 0)
    return set_errno_error (error, errno, dir);
  step (5);
  if (g_rename (tmp, dir) != 0)
    {
      int errsv = errno;

      (void) g_rename (old, dir);
      return set_errno_error (error, errsv, dir);
    }
  step (6);
  sync_dir (parent);
  remove_tree (old);
  return TRUE;
}

/**
 * kol_file_set_write:
 * @dir: the folder of the set; created if missing
 * @names: (array zero-terminated=1): the files of the set
 * @texts: (array zero-terminated=1): their texts, in the same order
 * @error: return location for a #GError
 *
 * Writes the files of @names into @dir as one set: after a crash or a
 * power cut at any moment, @dir holds either the old set or the new one
 * (once kol_file_set_recover() ran on its parent, where the file system
 * cannot exchange two folders in one rename). Other files in @dir stay.
 *
 * Returns: %TRUE once the new set is in place
 */
gboolean
kol_file_set_write (const char         *dir,
                    const char * const *names,
                    const char * const *texts,
                    GError            **error)
{
  g_autofree char *parent = g_path_get_dirname (dir);
  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *tmp = NULL;

  if (g_mkdir_with_parents (parent, 0755) != 0)
    return set_errno_error (error, errno, parent);
  tmp = g_strdup_printf ("%s/.%s" NEW_MARK "XXXXXX", parent, base);
  if (g_mkdtemp_full (tmp, 0755) == NULL)
    return set_errno_error (error, errno, parent);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (tmp, names[i], NULL);

      if (!write_file (path, texts[i], error))
        {
          remove_tree (tmp);
          return FALSE;
        }
      step (1);
    }
  if (g_file_test (dir, G_FILE_TEST_IS_DIR) && !carry_over (dir, tmp, names, error))
    {
      remove_tree (tmp);
      return FALSE;
    }
  sync_dir (tmp);
  step (2);
  if (!swap_in (dir, tmp, parent, base, error))
    {
      remove_tree (tmp);
      return FALSE;
    }
  sync_dir (parent);
  return TRUE;
}

/* ".<base><mark>XXXXXX" → base; NULL for another name. */
static char *
leftover_base (const char *name,
               const char *mark)
{
  const char *at;

  if (name[0] != '.' || (at = g_strrstr (name, mark)) == NULL || at == name + 1)
    return NULL;
  if (strlen (at + strlen (mark)) < 6)
    return NULL;
  return g_strndup (name + 1, (gsize) (at - name - 1));
}

/**
 * kol_file_set_recover:
 * @parent: a folder holding sets (the user's titles)
 * @min_age: only leftovers not changed for this long: a younger one may
 *   be a write going on now
 *
 * After a write interrupted by a crash: a new set never swapped in is
 * removed (the old one is whole in its place); an old set moved aside is
 * removed when the new one is in place, and put back when it is not.
 *
 * Returns: how many leftovers were dealt with
 */
/* Has @path not changed for @min_age? */
static gboolean
is_old (const char *path,
        GTimeSpan   min_age)
{
  GStatBuf st;

  if (min_age <= 0)
    return TRUE;
  if (g_lstat (path, &st) != 0)
    return FALSE;
  return g_get_real_time () - (gint64) st.st_mtime * G_USEC_PER_SEC >= min_age;
}

guint
kol_file_set_recover (const char *parent,
                      GTimeSpan   min_age)
{
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] == '.')
      g_ptr_array_add (names, g_strdup (name));
  /* the new ones first: an old set is put back only where no new one is */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < names->len; i++)
      {
        const char *leftover = g_ptr_array_index (names, i);
        g_autofree char *base = leftover_base (leftover, pass == 0 ? NEW_MARK : OLD_MARK);
        g_autofree char *path = NULL;
        g_autofree char *set = NULL;

        if (base == NULL)
          continue;
        path = g_build_filename (parent, leftover, NULL);
        set = g_build_filename (parent, base, NULL);
        if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK) ||
            !is_old (path, min_age))
          continue;
        if (pass == 1 && !g_file_test (set, G_FILE_TEST_EXISTS) && g_rename (path, set) == 0)
          {
            n++;
            continue;
          }
        remove_tree (path);
        n++;
      }
  if (n > 0)
    sync_dir (parent);
  return n;
}
