/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"

/**
 * KolGameLogEntry:
 *
 * One line of a #KolGame's log. Its text is made once, when the engine
 * logs it, in the words of that moment (a train keeps the name it had). An
 * entry is "in the future" while the game is shown at an earlier point.
 */
struct _KolGameLogEntry
{
  GObject parent_instance;

  guint          index;
  char          *text;
  char          *round;
  int            kind;
  KolLogCategory category;
  guint          action_index;
  gboolean       future;
};

G_DEFINE_FINAL_TYPE (KolGameLogEntry, kol_game_log_entry, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (KolLogCategory, kol_log_category,
                    G_DEFINE_ENUM_VALUE (KOL_LOG_CATEGORY_ACTION, "action"),
                    G_DEFINE_ENUM_VALUE (KOL_LOG_CATEGORY_DETAIL, "detail"),
                    G_DEFINE_ENUM_VALUE (KOL_LOG_CATEGORY_EVENT, "event"),
                    G_DEFINE_ENUM_VALUE (KOL_LOG_CATEGORY_ROUND, "round"))

enum {
  PROP_0,
  PROP_INDEX,
  PROP_TEXT,
  PROP_ROUND,
  PROP_KIND,
  PROP_CATEGORY,
  PROP_ACTION_INDEX,
  PROP_POSITION,
  PROP_FUTURE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_log_entry_finalize (GObject *object)
{
  KolGameLogEntry *self = KOL_GAME_LOG_ENTRY (object);

  g_free (self->text);
  g_free (self->round);

  G_OBJECT_CLASS (kol_game_log_entry_parent_class)->finalize (object);
}

static void
kol_game_log_entry_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KolGameLogEntry *self = KOL_GAME_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_ROUND:
      g_value_set_string (value, self->round);
      break;
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_CATEGORY:
      g_value_set_enum (value, self->category);
      break;
    case PROP_ACTION_INDEX:
      g_value_set_uint (value, self->action_index);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->action_index + 1);
      break;
    case PROP_FUTURE:
      g_value_set_boolean (value, self->future);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static void
kol_game_log_entry_class_init (KolGameLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_log_entry_finalize;
  object_class->get_property = kol_game_log_entry_get_property;

  /** KolGameLogEntry:index: its place in the log */
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /** KolGameLogEntry:text: the entry in words, translated */
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, FLAGS);
  /** KolGameLogEntry:round: the round it happened in ("Stock Round 2") */
  properties[PROP_ROUND] = g_param_spec_string ("round", NULL, NULL, NULL, FLAGS);
  /** KolGameLogEntry:kind: the engine's #KolLogKind, or 0 for a round
   * heading the model adds */
  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, 0, G_MAXINT, 0, FLAGS);
  properties[PROP_CATEGORY] = g_param_spec_enum ("category", NULL, NULL, KOL_TYPE_LOG_CATEGORY,
                                                 KOL_LOG_CATEGORY_ACTION, FLAGS);
  /** KolGameLogEntry:action-index: the action of the history that logged
   * it (0-based) */
  properties[PROP_ACTION_INDEX] = g_param_spec_uint ("action-index", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /** KolGameLogEntry:position: the history position right after that
   * action, for kol_game_seek() */
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /** KolGameLogEntry:future: after the point shown (viewing the past) */
  properties[PROP_FUTURE] = g_param_spec_boolean ("future", NULL, NULL, FALSE, FLAGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_game_log_entry_init (KolGameLogEntry *self)
{
}

KolGameLogEntry *
_kol_game_log_entry_new (guint           index,
                         const char     *text,
                         const char     *round,
                         int             kind,
                         KolLogCategory  category,
                         guint           action_index)
{
  KolGameLogEntry *self = g_object_new (KOL_TYPE_GAME_LOG_ENTRY, NULL);

  self->index = index;
  self->text = g_strdup (text);
  self->round = g_strdup (round);
  self->kind = kind;
  self->category = category;
  self->action_index = action_index;
  return self;
}

void
_kol_game_log_entry_set_future (KolGameLogEntry *self,
                                gboolean         future)
{
  _kol_set_bool (G_OBJECT (self), &self->future, future, properties[PROP_FUTURE]);
}

guint
_kol_game_log_entry_get_action_index (KolGameLogEntry *self)
{
  return self->action_index;
}

guint
kol_game_log_entry_get_index (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), 0);
  return self->index;
}

const char *
kol_game_log_entry_get_text (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), NULL);
  return self->text;
}

const char *
kol_game_log_entry_get_round (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), NULL);
  return self->round;
}

int
kol_game_log_entry_get_kind (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), 0);
  return self->kind;
}

KolLogCategory
kol_game_log_entry_get_category (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), 0);
  return self->category;
}

guint
kol_game_log_entry_get_position (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), 0);
  return self->action_index + 1;
}

gboolean
kol_game_log_entry_get_future (KolGameLogEntry *self)
{
  g_return_val_if_fail (KOL_IS_GAME_LOG_ENTRY (self), FALSE);
  return self->future;
}
