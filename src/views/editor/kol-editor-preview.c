/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-editor-preview.h"
#include "kol-editor-util.h"
#include "kol-svg-renderer.h"
#include "kol-tile-renderer.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/* Typing in a field changes the document on every step of a spin button;
 * the title loads in a few tens of milliseconds, so wait for a pause. */
#define RELOAD_DELAY_MS 120

/**
 * KolEditorPreview:
 *
 * Owns the engine's title of a document (and a new game on it) and keeps
 * it current. Consumers read it on KolEditorPreview::updated; the previous
 * title is freed only after that signal, so views showing it can move to
 * the new one first.
 */
struct _KolEditorPreview
{
  GObject parent_instance;

  KolTitleDocument *doc;
  KolTitle         *title;
  KolEngine        *engine;
  char             *error;
  guint             serial;
  guint             reload_id;
  KolTileRenderer  *renderer;
};

G_DEFINE_FINAL_TYPE (KolEditorPreview, kol_editor_preview, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The configuration in which the variant being edited applies: the first
 * player count and the options of its "when". */
static int
variant_configuration (KolEditorPreview *self,
                       GStrv            *options)
{
  const char *variant = kol_title_document_get_variant (self->doc);
  JsonNode *root = kol_title_document_get_root (self->doc, KOL_TITLE_FILE_MAP);
  JsonObject *map = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *variants = map != NULL && json_object_has_member (map, "variants")
                        ? json_object_get_array_member (map, "variants") : NULL;

  *options = NULL;
  for (guint i = 0; variant != NULL && variants != NULL && i < json_array_get_length (variants); i++)
    {
      JsonObject *v = json_array_get_object_element (variants, i);
      JsonObject *when;
      JsonArray *players;

      if (v == NULL || g_strcmp0 (kol_editor_object_string (v, "id"), variant) != 0 ||
          (when = json_object_get_object_member (v, "when")) == NULL)
        continue;
      {
        g_autofree char *joined = kol_editor_join_strings (when, "options");

        *options = kol_editor_split_words (joined);
      }
      players = json_object_has_member (when, "players") ? json_object_get_array_member (when, "players") : NULL;
      if (players != NULL && json_array_get_length (players) > 0)
        return (int) json_array_get_int_element (players, 0);
      return 0;
    }
  return 0;
}

static void
set_error (KolEditorPreview *self,
           const char       *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
reload (KolEditorPreview *self)
{
  g_auto(GStrv) options = NULL;
  int n_players = variant_configuration (self, &options);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitle) title = kol_title_document_load_title (self->doc, n_players,
                                                             (const char * const *) options, &error);
  g_autoptr(KolEngine) engine = NULL;
  g_autoptr(KolTitle) old_title = NULL;
  g_autoptr(KolEngine) old_game = NULL;
  g_autofree char *problem = NULL;

  /* a title with a problem still shows every tile and hex that loads */
  if (title == NULL)
    {
      problem = g_strdup (error != NULL ? error->message : _("The title does not load"));
      g_clear_error (&error);
      title = kol_title_document_load_salvaged (self->doc, n_players, (const char * const *) options, NULL);
    }
  if (title != NULL)
    engine = kol_board_query_new_board (title, &error);
  if (engine == NULL)
    {
      set_error (self, problem != NULL ? problem : error != NULL ? error->message : _("The title does not load"));
      return;
    }
  set_error (self, problem);
  old_title = g_steal_pointer (&self->title);
  old_game = g_steal_pointer (&self->engine);
  self->title = g_steal_pointer (&title);
  self->engine = g_steal_pointer (&engine);
  self->serial++;
  g_signal_emit (self, signals[UPDATED], 0);
}

static gboolean
reload_cb (gpointer user_data)
{
  KolEditorPreview *self = user_data;

  self->reload_id = 0;
  reload (self);
  return G_SOURCE_REMOVE;
}

static void
document_changed_cb (KolEditorPreview *self)
{
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (RELOAD_DELAY_MS, reload_cb, self);
}

static void
kol_editor_preview_constructed (GObject *object)
{
  KolEditorPreview *self = KOL_EDITOR_PREVIEW (object);

  G_OBJECT_CLASS (kol_editor_preview_parent_class)->constructed (object);

  g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->doc, "notify::variant", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  reload (self);
}

static void
kol_editor_preview_dispose (GObject *object)
{
  KolEditorPreview *self = KOL_EDITOR_PREVIEW (object);

  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (kol_editor_preview_parent_class)->dispose (object);
}

static void
kol_editor_preview_finalize (GObject *object)
{
  KolEditorPreview *self = KOL_EDITOR_PREVIEW (object);

  /* the game points into the title */
  g_clear_pointer (&self->engine, kol_board_query_free);
  g_clear_pointer (&self->title, kol_title_free);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (kol_editor_preview_parent_class)->finalize (object);
}

static void
kol_editor_preview_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KolEditorPreview *self = KOL_EDITOR_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->doc);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_preview_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  KolEditorPreview *self = KOL_EDITOR_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      self->doc = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_preview_class_init (KolEditorPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = kol_editor_preview_constructed;
  object_class->dispose = kol_editor_preview_dispose;
  object_class->finalize = kol_editor_preview_finalize;
  object_class->get_property = kol_editor_preview_get_property;
  object_class->set_property = kol_editor_preview_set_property;

  /** KolEditorPreview:document: the document previewed. */
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, KOL_TYPE_TITLE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * KolEditorPreview:error:
   *
   * Why the document as it is now does not load, or %NULL when it does.
   */
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolEditorPreview::updated:
   * @self: the preview
   *
   * The title was loaded again after a change; the one before is freed
   * when the handlers return.
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kol_editor_preview_init (KolEditorPreview *self)
{
  /* small pictures drawn at once, so that lists never show a blank */
  self->renderer = kol_tile_renderer_new (FALSE);
}

/**
 * kol_editor_preview_new:
 * @doc: a document
 *
 * Returns: (transfer full): a preview of @doc, loaded now
 */
KolEditorPreview *
kol_editor_preview_new (KolTitleDocument *doc)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), NULL);

  return g_object_new (KOL_TYPE_EDITOR_PREVIEW, "document", doc, NULL);
}

/** kol_editor_preview_get_document: Returns: (transfer none): the document */
KolTitleDocument *
kol_editor_preview_get_document (KolEditorPreview *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), NULL);
  return self->doc;
}

/** kol_editor_preview_get_title: Returns: (transfer none) (nullable): the title last loaded */
const KolTitle *
kol_editor_preview_get_title (KolEditorPreview *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), NULL);
  return self->title;
}

/** kol_editor_preview_get_game: Returns: (transfer none) (nullable): a new game on the title */
const KolEngine *
kol_editor_preview_get_game (KolEditorPreview *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), NULL);
  return self->engine;
}

/** kol_editor_preview_get_error: Returns: (transfer none) (nullable): see KolEditorPreview:error */
const char *
kol_editor_preview_get_error (KolEditorPreview *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), NULL);
  return self->error;
}

/**
 * kol_editor_preview_get_serial:
 *
 * Returns: a number that grows with every title loaded, for views to
 *   know whether what they drew is current
 */
guint
kol_editor_preview_get_serial (KolEditorPreview *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), 0);
  return self->serial;
}

/**
 * kol_editor_preview_update_now:
 *
 * Loads the title now if a change is waiting (before printing, in tests).
 */
void
kol_editor_preview_update_now (KolEditorPreview *self)
{
  g_return_if_fail (KOL_IS_EDITOR_PREVIEW (self));

  if (self->reload_id == 0)
    return;
  g_clear_handle_id (&self->reload_id, g_source_remove);
  reload (self);
}

/**
 * kol_editor_preview_tile_index:
 * @tile: a manifest tile id, or "hex:<id>" for a hex's pre-printed tile
 *
 * Returns: the index of the tile in the title, or -1
 */
int
kol_editor_preview_tile_index (KolEditorPreview *self,
                               const char       *tile)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PREVIEW (self), -1);

  if (self->title == NULL || tile == NULL)
    return -1;
  /* pre-printed tiles take their hex's id */
  if (g_str_has_prefix (tile, KOL_HEX_TILE_PREFIX))
    tile += strlen (KOL_HEX_TILE_PREFIX);
  return kol_board_query_tile_by_id (self->title, tile);
}

/**
 * kol_editor_preview_tile_texture:
 * @tile: a manifest tile id or "hex:<id>"
 * @rotation: 0–5
 * @size: the texture's width and height in pixels
 *
 * The tile's picture, drawn now or taken from the cache when the same
 * picture was drawn before (the cache is keyed by the picture itself, so an
 * edited tile is drawn again and an unchanged one is not).
 *
 * Returns: (transfer full) (nullable): the picture, or %NULL when the title
 *   has no such tile
 */
GdkTexture *
kol_editor_preview_tile_texture (KolEditorPreview *self,
                                 const char       *tile,
                                 int               rotation,
                                 int               size)
{
  int index = kol_editor_preview_tile_index (self, tile);
  g_autofree char *svg = NULL;
  g_autofree char *key = NULL;
  KolSvgOptions opts;
  GdkTexture *texture;

  g_return_val_if_fail (size > 0, NULL);
  if (index < 0)
    return NULL;
  kol_svg_options_init (&opts);
  opts.hex_size = size / 2.0;
  opts.language = kol_game_word_language ();
  opts.flags = KOL_SVG_NO_BACKGROUND;
  svg = kol_svg_render_tile (self->title, index, rotation, &opts);
  if (svg == NULL)
    return NULL;
  key = g_compute_checksum_for_string (G_CHECKSUM_SHA1, svg, -1);
  texture = kol_tile_renderer_lookup (self->renderer, key, size, NULL, NULL);
  if (texture == NULL || gdk_texture_get_width (texture) != size)
    {
      kol_tile_renderer_request (self->renderer, key, size, g_steal_pointer (&svg), size, size);
      texture = kol_tile_renderer_lookup (self->renderer, key, size, NULL, NULL);
    }
  return texture != NULL ? g_object_ref (texture) : NULL;
}

/**
 * kol_editor_preview_dup_upgrades:
 * @tile: a manifest tile id or "hex:<id>"
 * @inferred: what the generic rule infers, whatever the tile's policy
 *   says, rather than what the tile upgrades to
 *
 * Returns: (transfer full): the ids of the manifest tiles @tile upgrades to
 */
GStrv
kol_editor_preview_dup_upgrades (KolEditorPreview *self,
                                 const char       *tile,
                                 gboolean          inferred)
{
  int from = kol_editor_preview_tile_index (self, tile);

  if (from < 0 || self->engine == NULL)
    return g_new0 (char *, 1);
  return kol_board_query_upgrades (self->engine, from, inferred);
}
