/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kol-action-json.h"
#include "kol-json-scan.h"
#include "kol-record-import.h"
#include "kol-refusal-format.h"
#include "kol-save-file.h"
#include "kol-save-file-private.h"
#include "kol-title-info.h"
#include "kol-title-loader.h"

G_DEFINE_QUARK (kol-save-file-error-quark, kol_save_file_error)

/* KolPlayer.name holds 63 bytes */
#define MAX_NAME_BYTES 63

/* ------------------------------------------------------------------ titles */

static char *
find_title_dir (const char *title_id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), title_id) == 0)
        return g_file_get_path (kol_title_info_get_directory (info));
    }
  return NULL;
}

/**
 * kol_save_file_load_title:
 * @title_id: a title id
 * @n_players: the player count
 * @options: (array zero-terminated=1): option ids, sorted
 * @user_data: unused
 * @title_free: (out): set to kol_title_free()
 * @error: return location for a #GError
 *
 * The default #KolTitleResolver: finds the title among the data folders
 * (kol_title_info_get_search_dirs()) and loads it.
 *
 * Returns: (transfer full) (nullable): the title.
 */
KolTitle *
kol_save_file_load_title (const char          *title_id,
                          int                  n_players,
                          const char * const  *options,
                          gpointer             user_data,
                          GDestroyNotify      *title_free,
                          GError             **error)
{
  g_autofree char *dir = find_title_dir (title_id);

  *title_free = (GDestroyNotify) kol_title_free;
  if (dir == NULL)
    {
      /* Translators: %s is a title id such as "1849". */
      g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_TITLE,
                   _("The game title “%s” is not installed."), title_id);
      return NULL;
    }
  return kol_title_loader_load (dir, n_players, options, error);
}

/* ---------------------------------------------------------------- parsing */

static char *
describe_issue (const KolJsonIssue *issue)
{
  if (issue->line > 0)
    /* Translators: a problem in a file: %d are the line and column, %s says
     * what is wrong. */
    return g_strdup_printf (_("line %d, column %d: %s"), issue->line, issue->column, issue->message);
  return g_strdup (issue->message);
}

/**
 * kol_save_file_parse_json:
 * @data: the file's contents
 * @length: their size in bytes
 * @domain: the error domain to report in
 * @syntax_code: the error code for text that is not acceptable JSON
 * @error: return location for a #GError
 *
 * Parses a file that may be hostile: it must be strict JSON (no comments,
 * no duplicated keys, numbers that fit in 64 bits), nested at most
 * %KOL_JSON_MAX_DEPTH deep and no larger than %KOL_JSON_MAX_SIZE, or it is
 * refused with the line and column of the first problem.
 *
 * Returns: (transfer full) (nullable): the root node.
 */
JsonNode *
kol_save_file_parse_json (const char *data,
                          gsize       length,
                          GQuark      domain,
                          int         syntax_code,
                          GError    **error)
{
  g_autoptr(KolJsonScan) scan = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  GPtrArray *issues;

  if (length > KOL_JSON_MAX_SIZE)
    {
      g_set_error (error, domain, syntax_code,
                   _("The file is larger than %d MiB and is not read."), KOL_JSON_MAX_SIZE >> 20);
      return NULL;
    }
  /* an empty GBytes has no data pointer at all */
  if (data == NULL)
    data = "";
  scan = kol_json_scan_new (data, length, FALSE);
  issues = kol_json_scan_get_issues (scan);
  if (issues->len > 0)
    {
      g_autofree char *what = describe_issue (g_ptr_array_index (issues, 0));

      /* the position and the parser's words are details (see
       * kol_replay_refusal_text()) */
      g_set_error (error, domain, syntax_code, "%s\n\n%s", _("The file is damaged or truncated."), what);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      g_set_error (error, domain, syntax_code, "%s\n\n%s", _("The file is damaged or truncated."),
                   local->message);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, domain, syntax_code, _("The file is empty."));
      return NULL;
    }
  return json_node_ref (json_parser_get_root (parser));
}

/**
 * kol_save_file_locate:
 * @path: a JSON path in @data ("$.actions[56].hex")
 *
 * Returns: (transfer full) (nullable): "line L, column C" of the value at
 *   @path, translated, or %NULL if unknown.
 */
char *
kol_save_file_locate (const char *data,
                      gsize       length,
                      const char *path)
{
  int line, column;

  if (path == NULL || !kol_json_scan_find (data ? data : "", length, path, &line, &column))
    return NULL;
  /* Translators: a position in a file. */
  return g_strdup_printf (_("line %d, column %d"), line, column);
}

/* --------------------------------------------------------------- writing */

static void
append_member (GString    *out,
               const char *name,
               JsonNode   *value,
               gboolean    last)
{
  g_autofree char *text = json_to_string (value, FALSE);

  g_string_append_printf (out, "  \"%s\": %s%s\n", name, text, last ? "" : ",");
}

static JsonNode *
without_skip (JsonNode *action)
{
  g_autoptr(JsonObject) copy = NULL;
  JsonObject *src;
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (action) ||
      !json_object_has_member (json_node_get_object (action), "skip"))
    return json_node_ref (action);
  src = json_node_get_object (action);
  copy = json_object_new ();
  json_object_iter_init (&iter, src);
  while (json_object_iter_next (&iter, &name, &value))
    if (!g_str_equal (name, "skip"))
      json_object_set_member (copy, name, json_node_copy (value));
  return json_node_init_object (json_node_alloc (), copy);
}

/* One action per line: the file stays readable and diffs stay small. */
static void
append_actions (GString    *out,
                const char *name,
                KolHistory *history,
                gboolean    redo,
                gboolean    last)
{
  guint n = redo ? kol_history_get_n_redo (history) : kol_history_get_n_actions (history);

  g_string_append_printf (out, "  \"%s\": [", name);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *json = redo ? kol_history_get_redo_json (history, i)
                            : kol_history_get_action_json (history, i);
      g_autoptr(JsonNode) clean = without_skip (json);
      g_autofree char *text = json_to_string (clean, FALSE);

      g_string_append_printf (out, "%s\n    %s", i ? "," : "", text);
    }
  g_string_append_printf (out, "%s]%s\n", n ? "\n  " : "", last ? "" : ",");
}

static JsonNode *
players_node (KolHistory *history,
              KolEngine  *engine)
{
  JsonArray *players = json_array_new ();
  JsonNode *node;

  for (int i = 0; i < engine->n_players; i++)
    {
      JsonObject *p = json_object_new ();
      int computer = kol_history_get_computer (history, i);

      json_object_set_int_member (p, "id", engine->players[i].id);
      json_object_set_string_member (p, "name", engine->players[i].name);
      if (computer >= 0)
        json_object_set_string_member (p, "computer", kol_policy_kind_to_string (computer));
      json_array_add_object_element (players, p);
    }
  /* the node takes the array (json_node_init_array would add a reference) */
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, players);
  return node;
}

static JsonNode *
options_node (const KolTitle *t)
{
  JsonArray *options = json_array_new ();
  JsonNode *node;

  for (guint i = 0; t->options && i < t->options->len; i++)
    json_array_add_string_element (options, g_ptr_array_index (t->options, i));
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, options);
  return node;
}

static JsonNode *
title_node (const KolTitle *t)
{
  JsonObject *o = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (o, "id", t->id);
  json_object_set_int_member (o, "data_version", t->data_version);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, o);
  return node;
}

/**
 * kol_save_file_serialize:
 *
 * Returns: (transfer full): @history as a save file.
 */
GBytes *
kol_save_file_serialize (KolHistory *history)
{
  KolEngine *initial = kol_history_get_initial_game (history);
  const KolTitle *t = kol_history_get_title (history);
  GString *out = g_string_new ("{\n");
  g_autoptr(JsonNode) format = json_node_init_string (json_node_alloc (), KOL_SAVE_FILE_FORMAT);
  g_autoptr(JsonNode) version = json_node_init_int (json_node_alloc (), KOL_SAVE_FILE_VERSION);
  g_autoptr(JsonNode) generator = json_node_init_string (json_node_alloc (), "Koleya " PACKAGE_VERSION);
  g_autoptr(JsonNode) title = title_node (t);
  g_autoptr(JsonNode) players = players_node (history, initial);
  g_autoptr(JsonNode) options = options_node (t);
  g_autoptr(JsonNode) seed = json_node_init_int (json_node_alloc (), initial->seed);
  g_autoptr(JsonNode) saved = json_node_init_int (json_node_alloc (), g_get_real_time () / G_USEC_PER_SEC);

  append_member (out, "format", format, FALSE);
  append_member (out, "version", version, FALSE);
  append_member (out, "generator", generator, FALSE);
  append_member (out, "title", title, FALSE);
  append_member (out, "players", players, FALSE);
  append_member (out, "options", options, FALSE);
  append_member (out, "seed", seed, FALSE);
  append_member (out, "saved_at", saved, FALSE);
  if (kol_history_get_source (history))
    {
      g_autoptr(JsonNode) source = json_node_init_object (json_node_alloc (),
                                                          kol_history_get_source (history));

      append_member (out, "source", source, FALSE);
    }
  append_actions (out, "actions", history, FALSE, FALSE);
  append_actions (out, "redo", history, TRUE, TRUE);
  g_string_append (out, "}\n");
  return g_string_free_to_bytes (out);
}

static gboolean
set_errno_error (GError    **error,
                 int         errsv,
                 const char *path)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: %s is a file name, then the system's reason. */
  g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_WRITE, _("Cannot write “%s”: %s"),
               display, g_strerror (errsv));
  return FALSE;
}

static gssize
system_write (int         fd,
              const void *data,
              gsize       length)
{
  return write (fd, data, length);
}

/* write(2), or what a test puts in its place. */
static KolSaveFileWriteFunc write_func = system_write;

/**
 * _kol_save_file_set_write:
 * @func: (nullable): what writes the bytes of a save; %NULL for write(2)
 *
 * For tests of the failures write(2) can have.
 */
void
_kol_save_file_set_write (KolSaveFileWriteFunc func)
{
  write_func = func != NULL ? func : system_write;
}

/* Returns 0, or the errno of the failure: a write(2) that writes nothing
 * without an error (a full file system may do that) is reported as no
 * space left, never as whatever errno held before. */
static int
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write_func (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno != 0 ? errno : EIO;
      if (n == 0)
        return ENOSPC;
      data += n;
      length -= (gsize) n;
    }
  return 0;
}

/* The directory entry of the rename must reach the disk too, or a power cut
 * can bring back the old file (or none). */
static void
sync_dir (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return;
  /* some file systems cannot sync a directory: the file is safe anyway */
  (void) fsync (fd);
  close (fd);
}

/* Writes @data to a temporary file next to @path, syncs it, renames it over
 * @path and syncs the folder. GIO's g_file_replace() is not enough: it does
 * not sync a file it creates, it rewrites a file with hard links or a
 * symbolic link in place (not atomic), and it never syncs the folder. */
static gboolean
write_atomically (const char  *path,
                  const char  *data,
                  gsize        length,
                  GError     **error)
{
  char resolved[PATH_MAX];
  const char *target = realpath (path, resolved) ? resolved : path;
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  struct stat st;
  int fd, errsv;

  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return set_errno_error (error, errno, path);
  if (stat (target, &st) == 0)
    (void) fchmod (fd, st.st_mode & 07777);
  if ((errsv = write_all (fd, data, length)) != 0 || (fsync (fd) != 0 && (errsv = errno) != 0))
    {
      close (fd);
      g_unlink (tmp);
      return set_errno_error (error, errsv, path);
    }
  if (close (fd) != 0 || g_rename (tmp, target) != 0)
    {
      errsv = errno;
      g_unlink (tmp);
      return set_errno_error (error, errsv, path);
    }
  sync_dir (dir);
  return TRUE;
}

/**
 * kol_save_file_is_leftover:
 * @name: a file name, without its folder
 *
 * Whether @name is a temporary file of write_atomically() for a save
 * (".<name>.koleya.XXXXXX"): one left by a write that never finished (the
 * process was killed, the machine stopped) holds nothing the save lacks,
 * since the save itself was never replaced.
 *
 * Returns: %TRUE for such a name
 */
gboolean
kol_save_file_is_leftover (const char *name)
{
  gsize len = strlen (name);
  const char *suffix;

  if (name[0] != '.' || len < 1 + strlen (KOL_SAVE_FILE_EXTENSION) + 7)
    return FALSE;
  suffix = name + len - 7;
  if (suffix[0] != '.')
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isalnum (suffix[i]))
      return FALSE;
  return len - 7 > strlen (KOL_SAVE_FILE_EXTENSION) &&
         strncmp (suffix - strlen (KOL_SAVE_FILE_EXTENSION), KOL_SAVE_FILE_EXTENSION,
                  strlen (KOL_SAVE_FILE_EXTENSION)) == 0;
}

/**
 * kol_save_file_remove_leftovers:
 * @dir: a folder saves are written to
 * @min_age: only temporary files not written to for this long: younger
 *   ones may be a write going on now (koleya-cli, another window)
 *
 * Deletes the temporary files that interrupted writes left in @dir (see
 * kol_save_file_is_leftover()); nothing else is touched, and symbolic
 * links are not followed.
 *
 * Returns: how many were deleted
 */
guint
kol_save_file_remove_leftovers (const char *dir,
                                GTimeSpan   min_age)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFileEnumerator) files = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  GFileInfo *info;
  guint removed = 0;

  files = g_file_enumerate_children (folder,
                                     G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                     G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (files != NULL && (info = g_file_enumerator_next_file (files, NULL, NULL)) != NULL)
    {
      g_autoptr(GDateTime) written = g_file_info_get_modification_date_time (info);
      const char *name = g_file_info_get_name (info);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && kol_save_file_is_leftover (name) &&
          written != NULL && g_date_time_difference (now, written) >= min_age)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);

          if (g_unlink (path) == 0)
            removed++;
        }
      g_object_unref (info);
    }
  return removed;
}

/**
 * kol_save_file_write_bytes:
 *
 * Writes @bytes to @file atomically: after a crash or a power cut the file
 * holds either the old contents or the new ones.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_save_file_write_bytes (GBytes  *bytes,
                           GFile   *file,
                           GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(GError) local = NULL;

  if (path != NULL)
    return write_atomically (path, data, length, error);
  /* not a local file: GIO's replace is the best there is */
  if (!g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, &local))
    {
      g_autofree char *uri = g_file_get_parse_name (file);

      g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_WRITE, _("Cannot write “%s”: %s"),
                   uri, local->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_save_file_write:
 *
 * Saves @history to @file atomically.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_save_file_write (KolHistory *history,
                     GFile      *file,
                     GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (KOL_IS_HISTORY (history), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = kol_save_file_serialize (history);
  return kol_save_file_write_bytes (bytes, file, error);
}

/* ---------------------------------------------------------------- loading */

typedef struct
{
  char      *title_id;
  gint64     data_version;
  int        n_players;
  int        ids[KOL_MAX_PLAYERS];
  char      *names[KOL_MAX_PLAYERS + 1];
  int        computers[KOL_MAX_PLAYERS];  /* KolPolicyKind, -1 for a person */
  GPtrArray *options;     /* char*, sorted, NULL-terminated */
  gint64     seed;
  JsonArray *actions;
  JsonArray *redo;
  JsonObject *source;
} Header;

static void
header_clear (Header *h)
{
  g_free (h->title_id);
  for (int i = 0; i < KOL_MAX_PLAYERS; i++)
    g_free (h->names[i]);
  g_clear_pointer (&h->options, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Header, header_clear)

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static gboolean
invalid (GError    **error,
         const char *field,
         const char *what)
{
  /* Translators: %s is a field of the save file ("players[2].id"), then
   * what is wrong with it. */
  g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_INVALID,
               _("The save file is damaged: “%s” %s."), field, what);
  return FALSE;
}

static JsonNode *
get (JsonObject *o,
     const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n && !JSON_NODE_HOLDS_NULL (n) ? n : NULL;
}

static gboolean
read_int (JsonObject *o,
          const char *name,
          const char *field,
          gint64      min,
          gint64      max,
          gint64     *out,
          GError    **error)
{
  JsonNode *n = get (o, name);

  if (n == NULL)
    return invalid (error, field, _("is missing"));
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return invalid (error, field, _("must be an integer"));
  *out = json_node_get_int (n);
  if (*out < min || *out > max)
    return invalid (error, field, _("is out of range"));
  return TRUE;
}

static const char *
read_string (JsonObject *o,
             const char *name,
             const char *field,
             GError    **error)
{
  JsonNode *n = get (o, name);

  if (n == NULL)
    {
      invalid (error, field, _("is missing"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    {
      invalid (error, field, _("must be a string"));
      return NULL;
    }
  return json_node_get_string (n);
}

static JsonArray *
read_array (JsonObject *o,
            const char *name,
            gboolean    required,
            GError    **error)
{
  JsonNode *n = get (o, name);

  if (n == NULL)
    {
      if (required)
        invalid (error, name, _("is missing"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (n))
    {
      invalid (error, name, _("must be a list"));
      return NULL;
    }
  return json_node_get_array (n);
}

static gboolean
read_format (JsonObject *root,
             GError    **error)
{
  JsonNode *format = get (root, "format");
  gint64 version;

  if (format == NULL)
    {
      g_set_error_literal (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_FORMAT,
                           _("This is not a Koleya save file."));
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_VALUE (format) || json_node_get_value_type (format) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (format), KOL_SAVE_FILE_FORMAT) != 0)
    {
      /* Translators: %s is the format name every save has, koleya-save. */
      g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_INVALID,
                   _("This Koleya save is damaged: its “format” is not “%s”."), KOL_SAVE_FILE_FORMAT);
      return FALSE;
    }
  if (!read_int (root, "version", "version", 1, G_MAXINT64, &version, error))
    return FALSE;
  if (version > KOL_SAVE_FILE_VERSION)
    {
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      /* Translators: the first %s is the version of the file's format, the
       * %d the newest this Koleya reads. */
      g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_VERSION,
                   _("This game was saved by a newer version of Koleya (save format %s); this "
                     "version reads formats up to %d. Please update Koleya."), v, KOL_SAVE_FILE_VERSION);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_title (JsonObject *root,
            Header     *h,
            GError    **error)
{
  JsonNode *title = get (root, "title");
  const char *id;

  if (title == NULL || !JSON_NODE_HOLDS_OBJECT (title))
    return invalid (error, "title", _("must be an object"));
  if ((id = read_string (json_node_get_object (title), "id", "title.id", error)) == NULL)
    return FALSE;
  if (!kol_title_id_is_valid (id))
    return invalid (error, "title.id", _("is not a title id"));
  h->title_id = g_strdup (id);
  return read_int (json_node_get_object (title), "data_version", "title.data_version", 0,
                   G_MAXINT, &h->data_version, error);
}

/* "computer": the strength of the computer playing the seat (absent for a
 * person). */
static gboolean
read_computer (JsonObject *player,
               guint       i,
               Header     *h,
               GError    **error)
{
  g_autofree char *field = g_strdup_printf ("players[%u].computer", i);
  JsonNode *node = get (player, "computer");
  KolPolicyKind kind;

  h->computers[i] = -1;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
      !kol_policy_kind_from_string (json_node_get_string (node), &kind) || kind == KOL_POLICY_RANDOM)
    return invalid (error, field, _("must be “easy”, “medium” or “strong”"));
  h->computers[i] = kind;
  return TRUE;
}

static gboolean
read_player (JsonNode *node,
             guint     i,
             Header   *h,
             GError  **error)
{
  g_autofree char *f_id = g_strdup_printf ("players[%u].id", i);
  g_autofree char *f_name = g_strdup_printf ("players[%u].name", i);
  g_autofree char *field = g_strdup_printf ("players[%u]", i);
  const char *name;
  gint64 id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return invalid (error, field, _("must be an object"));
  if (!read_int (json_node_get_object (node), "id", f_id, G_MININT, G_MAXINT, &id, error) ||
      (name = read_string (json_node_get_object (node), "name", f_name, error)) == NULL)
    return FALSE;
  if (strlen (name) > MAX_NAME_BYTES || !g_utf8_validate (name, -1, NULL))
    return invalid (error, f_name, _("is too long"));
  for (guint j = 0; j < i; j++)
    if (h->ids[j] == id)
      return invalid (error, f_id, _("repeats another player's id"));
  h->ids[i] = (int) id;
  h->names[i] = g_strdup (name);
  return read_computer (json_node_get_object (node), i, h, error);
}

static gboolean
read_players (JsonObject *root,
              Header     *h,
              GError    **error)
{
  JsonArray *players = read_array (root, "players", TRUE, error);

  if (players == NULL)
    return FALSE;
  if (json_array_get_length (players) < 1 || json_array_get_length (players) > KOL_MAX_PLAYERS)
    return invalid (error, "players", _("has an impossible number of players"));
  h->n_players = (int) json_array_get_length (players);
  for (guint i = 0; i < json_array_get_length (players); i++)
    if (!read_player (json_array_get_element (players, i), i, h, error))
      return FALSE;
  return TRUE;
}

static gboolean
read_options (JsonObject *root,
              Header     *h,
              GError    **error)
{
  JsonArray *options = read_array (root, "options", FALSE, error);

  if (options == NULL && error && *error)
    return FALSE;
  h->options = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; options && i < json_array_get_length (options); i++)
    {
      JsonNode *n = json_array_get_element (options, i);
      g_autofree char *field = g_strdup_printf ("options[%u]", i);

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        return invalid (error, field, _("must be a string"));
      if (!g_ptr_array_find_with_equal_func (h->options, json_node_get_string (n), g_str_equal, NULL))
        g_ptr_array_add (h->options, g_strdup (json_node_get_string (n)));
    }
  g_ptr_array_sort (h->options, compare_strings);
  g_ptr_array_add (h->options, NULL);
  return TRUE;
}

static gboolean
read_header (JsonNode *root_node,
             Header   *h,
             GError  **error)
{
  JsonObject *root;
  JsonNode *source;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_set_error_literal (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_FORMAT,
                           _("This is not a Koleya save file."));
      return FALSE;
    }
  root = json_node_get_object (root_node);
  if (!read_format (root, error) || !read_title (root, h, error) || !read_players (root, h, error) ||
      !read_options (root, h, error) ||
      !read_int (root, "seed", "seed", G_MININT64, G_MAXINT64, &h->seed, error))
    return FALSE;
  if ((h->actions = read_array (root, "actions", TRUE, error)) == NULL)
    return FALSE;
  h->redo = read_array (root, "redo", FALSE, error);
  if (h->redo == NULL && error && *error)
    return FALSE;
  source = get (root, "source");
  if (source && !JSON_NODE_HOLDS_OBJECT (source))
    return invalid (error, "source", _("must be an object"));
  h->source = source ? json_node_get_object (source) : NULL;
  return TRUE;
}

static KolTitle *
resolve_title (const Header     *h,
               KolTitleResolver  resolver,
               gpointer          user_data,
               GDestroyNotify   *title_free,
               GError          **error)
{
  g_autoptr(GError) local = NULL;
  KolTitle *title;

  title = resolver (h->title_id, h->n_players, (const char * const *) h->options->pdata, user_data,
                    title_free, &local);
  if (title == NULL)
    {
      if (g_error_matches (local, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_TITLE))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        /* Translators: %s is the title id, then the reason. */
        g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_TITLE,
                     _("The game title “%s” cannot be set up for this game: %s"), h->title_id,
                     local->message);
      return NULL;
    }
  if (g_strcmp0 (title->id, h->title_id) != 0 || h->data_version > title->data_version)
    {
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, h->data_version);

      /* Translators: %s are the title id and the data version of the file,
       * %d the data version installed. */
      g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_TITLE,
                   _("This game needs version %s of the data of “%s”, but version %d is "
                     "installed. Please update Koleya."), v, h->title_id, title->data_version);
      if (*title_free)
        (*title_free) (title);
      return NULL;
    }
  return title;
}

/* As the import's: what the user reads first, then, after a blank line,
 * the details (the action, the engine's words, where in the file). */
static void
replay_error (GError         **error,
              const KolEngine *engine,
              guint            seq,
              GError          *cause,
              JsonNode        *action,
              const char      *path,
              const char      *error_path,
              GBytes          *bytes)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autofree char *where = kol_save_file_locate (data, length, error_path ? error_path : path);
  g_autofree char *message = NULL;
  g_autofree char *human = NULL;
  g_autofree char *details = NULL;

  if (cause->domain == KOL_ENGINE_ERROR)
    {
      g_autofree char *what = kol_action_json_describe (action, path);

      /* Translators: %s is "Action 57 at $.actions[56]", then the reason
       * the rules give. */
      message = g_strdup_printf (_("%s is refused by the rules: %s"), what, cause->message);
      human = kol_replay_refusal_text (engine, seq);
    }
  else
    message = g_strdup (cause->message);
  details = where ? g_strdup_printf ("%s (%s)", message, where) : g_steal_pointer (&message);
  if (human)
    g_set_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_REPLAY, "%s\n\n%s", human, details);
  else
    g_set_error_literal (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_REPLAY, details);
}

static gboolean
replay (KolHistory *history,
        Header     *h,
        GBytes     *bytes,
        GError    **error)
{
  for (guint i = 0; i < json_array_get_length (h->actions); i++)
    {
      JsonNode *action = json_array_get_element (h->actions, i);
      g_autofree char *path = g_strdup_printf ("$.actions[%u]", i);
      g_autofree char *error_path = NULL;
      g_autoptr(GError) local = NULL;

      if (!kol_history_apply_json (history, action, path, KOL_HISTORY_APPLY_TRUSTED, &error_path, &local))
        {
          replay_error (error, kol_history_get_game (history), i + 1, local, action, path, error_path, bytes);
          return FALSE;
        }
    }
  for (guint i = 0; h->redo && i < json_array_get_length (h->redo); i++)
    if (!kol_history_push_redo_json (history, json_array_get_element (h->redo, i), error))
      return FALSE;
  return TRUE;
}

/**
 * kol_save_file_is_save:
 *
 * Returns: %TRUE if @root looks like a Koleya save (rather than an
 *   18xx.games record).
 */
gboolean
kol_save_file_is_save (JsonNode *root)
{
  JsonNode *format;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  format = json_object_get_member (json_node_get_object (root), "format");
  return format && JSON_NODE_HOLDS_VALUE (format) &&
         g_strcmp0 (json_node_get_string (format), KOL_SAVE_FILE_FORMAT) == 0;
}

/**
 * kol_save_file_load_bytes:
 * @bytes: the contents of a save file
 * @resolver: (nullable): loads the title; %NULL for kol_save_file_load_title()
 * @user_data: data for @resolver
 * @error: return location for a #GError
 *
 * Reads a save and replays its log. Anything wrong (not JSON, not a save,
 * a newer format, an unknown title, a damaged field, an action the rules
 * refuse) gives a %KOL_SAVE_FILE_ERROR saying what and where.
 *
 * Returns: (transfer full) (nullable): the game's history.
 */
KolHistory *
kol_save_file_load_bytes (GBytes           *bytes,
                          KolTitleResolver  resolver,
                          gpointer          user_data,
                          GError          **error)
{
  return kol_save_file_load_bytes_full (bytes, resolver, user_data, NULL, error);
}

/**
 * kol_save_file_load_bytes_full:
 * @bytes: the contents of a save file
 * @resolver: (nullable): loads the title; %NULL for kol_save_file_load_title()
 * @user_data: data for @resolver
 * @partial: (out) (optional) (transfer full) (nullable): when the replay
 *   stops at an action, the game as it was before that action
 * @error: return location for a #GError
 *
 * As kol_save_file_load_bytes(), and when an action of the log fails, the
 * game up to it (for `koleya-cli replay`, which reports how far it went).
 *
 * Returns: (transfer full) (nullable): the game's history.
 */
KolHistory *
kol_save_file_load_bytes_full (GBytes           *bytes,
                               KolTitleResolver  resolver,
                               gpointer          user_data,
                               KolHistory      **partial,
                               GError          **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(KolHistory) history = NULL;
  g_auto(Header) h = { 0 };
  GDestroyNotify title_free = NULL;
  KolTitle *title;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (partial)
    *partial = NULL;
  root = kol_save_file_parse_json (data, length, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_SYNTAX, error);
  if (root == NULL || !read_header (root, &h, error))
    return NULL;
  title = resolve_title (&h, resolver ? resolver : kol_save_file_load_title, user_data, &title_free, error);
  if (title == NULL)
    return NULL;
  history = kol_history_new_full (title, title_free, h.n_players, h.ids, (const char * const *) h.names,
                                  h.seed, error);
  if (history == NULL)
    return NULL;
  if (h.source)
    kol_history_set_source (history, h.source);
  for (int i = 0; i < h.n_players; i++)
    kol_history_set_computer (history, i, h.computers[i]);
  if (!replay (history, &h, bytes, error))
    {
      if (partial)
        *partial = g_steal_pointer (&history);
      return NULL;
    }
  return g_steal_pointer (&history);
}

/**
 * kol_save_file_to_record:
 * @root: a parsed save file
 * @error: return location for a #GError
 *
 * The save's configuration and log as a #KolRecord (seed in
 * `settings_seed`, every action kept), so that benchmarks and tools can
 * replay saves and 18xx.games records alike. The title data version and the
 * redo list are not part of a record.
 *
 * Returns: (transfer full) (nullable): the record.
 */
KolRecord *
kol_save_file_to_record (JsonNode *root,
                         GError  **error)
{
  g_auto(Header) h = { 0 };
  KolRecord *r;

  if (!read_header (root, &h, error))
    return NULL;
  r = g_new0 (KolRecord, 1);
  r->title_id = g_strdup (h.title_id);
  r->game_id = g_strdup ("");
  r->n_players = h.n_players;
  for (int i = 0; i < h.n_players; i++)
    {
      r->player_ids[i] = h.ids[i];
      r->player_names[i] = g_strdup (h.names[i]);
    }
  r->options = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; h.options->pdata[i] != NULL; i++)
    g_ptr_array_add (r->options, g_strdup (h.options->pdata[i]));
  r->has_settings_seed = TRUE;
  r->settings_seed = h.seed;
  r->n_raw = json_array_get_length (h.actions);
  r->kept = g_array_new (FALSE, FALSE, sizeof (KolRecordAction));
  for (guint i = 0; i < r->n_raw; i++)
    {
      KolRecordAction a = { i, json_array_get_element (h.actions, i) };

      g_array_append_val (r->kept, a);
    }
  r->notes = g_ptr_array_new_with_free_func (g_free);
  r->root = json_node_ref (root);
  return r;
}

/**
 * kol_save_file_load:
 *
 * Reads and replays the save in @file (see kol_save_file_load_bytes()).
 *
 * Returns: (transfer full) (nullable): the game's history.
 */
KolHistory *
kol_save_file_load (GFile   *file,
                    GError **error)
{
  g_autoptr(GBytes) bytes = kol_save_file_read (file, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_READ, error);

  if (bytes == NULL)
    return NULL;
  return kol_save_file_load_bytes (bytes, NULL, NULL, error);
}

/**
 * kol_save_file_read:
 * @file: a file
 * @domain: the error domain to report in
 * @code: the error code for a file that cannot be read
 * @error: return location for a #GError
 *
 * Reads a file given by the user: only a regular file, and only up to
 * %KOL_JSON_MAX_SIZE (a device or a huge file is refused unread).
 *
 * Returns: (transfer full) (nullable): its contents.
 */
GBytes *
kol_save_file_read (GFile   *file,
                    GQuark   domain,
                    int      code,
                    GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local);
  if (info && g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      /* Translators: %s is a file name. */
      g_set_error (error, domain, code, _("“%s” is not a file."), name);
      return NULL;
    }
  if (info && g_file_info_get_size (info) > KOL_JSON_MAX_SIZE)
    {
      g_set_error (error, domain, code, _("The file is larger than %d MiB and is not read."),
                   KOL_JSON_MAX_SIZE >> 20);
      return NULL;
    }
  if (info)
    bytes = g_file_load_bytes (file, NULL, NULL, &local);
  if (bytes == NULL)
    {
      /* Translators: %s is a file name, then the system's reason. */
      g_set_error (error, domain, code, _("Cannot read “%s”: %s"), name, local->message);
      return NULL;
    }
  return g_steal_pointer (&bytes);
}
