/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-title-issue.h"

struct _KolTitleIssue
{
  GObject               parent_instance;

  KolTitleIssueSeverity severity;
  char                 *code;
  int                   file;
  char                 *path;
  int                   line;
  int                   column;
  char                 *hex;
  char                 *tile;
  char                 *message;
  char                 *configuration;
};

G_DEFINE_ENUM_TYPE (KolTitleIssueSeverity, kol_title_issue_severity,
                    G_DEFINE_ENUM_VALUE (KOL_TITLE_ISSUE_ERROR, "error"),
                    G_DEFINE_ENUM_VALUE (KOL_TITLE_ISSUE_WARNING, "warning"))

G_DEFINE_FINAL_TYPE (KolTitleIssue, kol_title_issue, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SEVERITY,
  PROP_CODE,
  PROP_FILE,
  PROP_PATH,
  PROP_LINE,
  PROP_COLUMN,
  PROP_HEX,
  PROP_TILE,
  PROP_MESSAGE,
  PROP_CONFIGURATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_title_issue_finalize (GObject *object)
{
  KolTitleIssue *self = KOL_TITLE_ISSUE (object);

  g_free (self->code);
  g_free (self->path);
  g_free (self->hex);
  g_free (self->tile);
  g_free (self->message);
  g_free (self->configuration);

  G_OBJECT_CLASS (kol_title_issue_parent_class)->finalize (object);
}

static char **
string_field (KolTitleIssue *self,
              guint          prop_id)
{
  switch (prop_id)
    {
    case PROP_CODE: return &self->code;
    case PROP_PATH: return &self->path;
    case PROP_HEX: return &self->hex;
    case PROP_TILE: return &self->tile;
    case PROP_MESSAGE: return &self->message;
    case PROP_CONFIGURATION: return &self->configuration;
    default: return NULL;
    }
}

static void
kol_title_issue_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KolTitleIssue *self = KOL_TITLE_ISSUE (object);
  char **field = string_field (self, prop_id);

  if (field != NULL)
    g_value_set_string (value, *field);
  else if (prop_id == PROP_SEVERITY)
    g_value_set_enum (value, self->severity);
  else if (prop_id == PROP_FILE)
    g_value_set_int (value, self->file);
  else if (prop_id == PROP_LINE)
    g_value_set_int (value, self->line);
  else if (prop_id == PROP_COLUMN)
    g_value_set_int (value, self->column);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
kol_title_issue_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KolTitleIssue *self = KOL_TITLE_ISSUE (object);
  char **field = string_field (self, prop_id);

  if (field != NULL)
    {
      g_free (*field);
      *field = g_value_dup_string (value);
    }
  else if (prop_id == PROP_SEVERITY)
    self->severity = g_value_get_enum (value);
  else if (prop_id == PROP_FILE)
    self->file = g_value_get_int (value);
  else if (prop_id == PROP_LINE)
    self->line = g_value_get_int (value);
  else if (prop_id == PROP_COLUMN)
    self->column = g_value_get_int (value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
kol_title_issue_class_init (KolTitleIssueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = kol_title_issue_finalize;
  object_class->get_property = kol_title_issue_get_property;
  object_class->set_property = kol_title_issue_set_property;

  properties[PROP_SEVERITY] = g_param_spec_enum ("severity", NULL, NULL, KOL_TYPE_TITLE_ISSUE_SEVERITY,
                                                 KOL_TITLE_ISSUE_ERROR, flags);
  /* a stable id of the kind of problem ("unreachable-hex", "loader") */
  properties[PROP_CODE] = g_param_spec_string ("code", NULL, NULL, NULL, flags);
  /* a KolTitleFile */
  properties[PROP_FILE] = g_param_spec_int ("file", NULL, NULL, 0, 2, 0, flags);
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  properties[PROP_LINE] = g_param_spec_int ("line", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_COLUMN] = g_param_spec_int ("column", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_HEX] = g_param_spec_string ("hex", NULL, NULL, NULL, flags);
  properties[PROP_TILE] = g_param_spec_string ("tile", NULL, NULL, NULL, flags);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL, flags);
  properties[PROP_CONFIGURATION] = g_param_spec_string ("configuration", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_title_issue_init (KolTitleIssue *self)
{
}

/**
 * kol_title_issue_get_severity:
 * @self: an issue
 *
 * Returns: whether the title does not load (an error) or only looks wrong
 */
KolTitleIssueSeverity
kol_title_issue_get_severity (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), KOL_TITLE_ISSUE_ERROR);

  return self->severity;
}

/**
 * kol_title_issue_get_code:
 * @self: an issue
 *
 * Returns: a stable id of the kind of problem: "loader" for what the
 *   title loader reports, "unreachable-hex", "zero-count",
 *   "missing-translation", "upgrade-color", "upgrade-no-copies",
 *   "tile-never-reached"
 */
const char *
kol_title_issue_get_code (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->code;
}

/**
 * kol_title_issue_get_file:
 * @self: an issue
 *
 * Returns: the #KolTitleFile the problem is in
 */
int
kol_title_issue_get_file (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), 0);

  return self->file;
}

/**
 * kol_title_issue_get_path:
 * @self: an issue
 *
 * Returns: (nullable): the JSON path of the value, or %NULL for the file
 */
const char *
kol_title_issue_get_path (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->path;
}

/**
 * kol_title_issue_get_line:
 * @self: an issue
 *
 * Returns: the 1-based line of the value in the text as it would be saved
 *   (kol_title_document_serialize()), or 0 when unknown
 */
int
kol_title_issue_get_line (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), 0);

  return self->line;
}

/**
 * kol_title_issue_get_column:
 * @self: an issue
 *
 * Returns: the 1-based column of the value, in characters, or 0
 */
int
kol_title_issue_get_column (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), 0);

  return self->column;
}

/**
 * kol_title_issue_get_hex:
 * @self: an issue
 *
 * Returns: (nullable): the hex the problem is about
 */
const char *
kol_title_issue_get_hex (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->hex;
}

/**
 * kol_title_issue_get_tile:
 * @self: an issue
 *
 * Returns: (nullable): the manifest tile the problem is about
 */
const char *
kol_title_issue_get_tile (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->tile;
}

/**
 * kol_title_issue_get_message:
 * @self: an issue
 *
 * Returns: what is wrong, translated
 */
const char *
kol_title_issue_get_message (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->message;
}

/**
 * kol_title_issue_get_configuration:
 * @self: an issue
 *
 * Returns: (nullable): the configuration (players and options) the problem
 *   shows in, translated, or %NULL when it shows in every one
 */
const char *
kol_title_issue_get_configuration (KolTitleIssue *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  return self->configuration;
}

/**
 * kol_title_issue_format:
 * @self: an issue
 *
 * Returns: (transfer full): `FILE-NAME:LINE:COLUMN: PATH: MESSAGE
 *   (CONFIGURATION)`, leaving out what is unknown
 */
char *
kol_title_issue_format (KolTitleIssue *self)
{
  static const char * const names[] = { "game.json", "tiles.json", "map.json" };
  GString *out;

  g_return_val_if_fail (KOL_IS_TITLE_ISSUE (self), NULL);

  out = g_string_new (names[CLAMP (self->file, 0, 2)]);
  if (self->line > 0)
    g_string_append_printf (out, ":%d:%d", self->line, self->column);
  g_string_append (out, ": ");
  if (self->path != NULL)
    g_string_append_printf (out, "%s: ", self->path);
  g_string_append (out, self->message);
  if (self->configuration != NULL)
    g_string_append_printf (out, " (%s)", self->configuration);
  return g_string_free (out, FALSE);
}
