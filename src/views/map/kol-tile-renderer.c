/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include "kol-tile-renderer.h"
#include "kol-view-util.h"

#define DEFAULT_MAX_BYTES ((gsize) 192 * 1024 * 1024)
#define MAX_WORKERS       4
#define MAX_DIMENSION     4096

/**
 * KolTileRenderer:
 *
 * A cache of rasterized SVG pictures; see kol-tile-renderer.h.
 */

typedef struct
{
  const char *key;          /* the cache's key string, which outlives the entry */
  int         size;
  GdkTexture *texture;
  cairo_surface_t *surface;  /* the same pixels, for cairo nodes */
  gsize       bytes;
  guint64     stamp;        /* frame of the last lookup */
} Entry;

typedef struct
{
  char            *key;
  int              size;
  char            *svg;
  int              width;
  int              height;
  guint            generation;
  cairo_surface_t *surface;  /* the worker's result */
} Job;

struct _KolTileRenderer
{
  GObject parent_instance;

  gboolean     threaded;
  GHashTable  *entries;      /* key → GPtrArray of Entry* */
  GHashTable  *pending;      /* "key\nsize" → NULL */
  gsize        bytes;
  gsize        max_bytes;
  guint64      frame;
  guint        generation;   /* bumped by clear(): older jobs are dropped */

  GThreadPool *pool;
  GMutex       lock;         /* guards done and done_id */
  GQueue       done;
  guint        done_id;
};

G_DEFINE_FINAL_TYPE (KolTileRenderer, kol_tile_renderer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_THREADED,
  PROP_N_PENDING,
  PROP_MAX_BYTES,
  N_PROPS
};

enum {
  TEXTURES_READY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->key);
  g_free (job->svg);
  g_clear_pointer (&job->surface, cairo_surface_destroy);
  g_free (job);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_clear_object (&entry->texture);
  g_clear_pointer (&entry->surface, cairo_surface_destroy);
  g_free (entry);
}

static char *
pending_key (const char *key,
             int         size)
{
  return g_strdup_printf ("%s\n%d", key, size);
}

/* --------------------------------------------------------- rasterizing */

static cairo_surface_t *
rasterize_surface (const char  *svg,
                   int          width,
                   int          height,
                   GError     **error)
{
  RsvgHandle *handle;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, width, height };
  gboolean ok;

  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  if (handle == NULL)
    return NULL;
  rsvg_handle_set_dpi (handle, 96);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  cairo_destroy (cr);
  g_clear_object (&handle);
  if (!ok)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  return surface;
}

/**
 * kol_tile_renderer_rasterize:
 * @svg: an SVG document
 * @width: pixels, 1..4096
 * @height: pixels, 1..4096
 * @error: return location for an error
 *
 * Draws the whole document scaled to fit @width × @height (keeping its
 * aspect ratio, centred), now, in the calling thread.
 *
 * Returns: (transfer full) (nullable): the texture, or %NULL with @error
 *   set if librsvg cannot read or draw the document
 */
GdkTexture *
kol_tile_renderer_rasterize (const char  *svg,
                             int          width,
                             int          height,
                             GError     **error)
{
  cairo_surface_t *surface;
  GdkTexture *texture;

  g_return_val_if_fail (svg != NULL, NULL);
  g_return_val_if_fail (width > 0 && width <= MAX_DIMENSION, NULL);
  g_return_val_if_fail (height > 0 && height <= MAX_DIMENSION, NULL);
  surface = rasterize_surface (svg, width, height, error);
  if (surface == NULL)
    return NULL;
  texture = kol_view_texture_for_surface (surface);
  cairo_surface_destroy (surface);
  return texture;
}

/* --------------------------------------------------------------- cache */

static gint
compare_stamps (gconstpointer a,
                gconstpointer b)
{
  const Entry *ea = *(Entry * const *) a;
  const Entry *eb = *(Entry * const *) b;

  return ea->stamp < eb->stamp ? -1 : ea->stamp > eb->stamp;
}

static void
remove_entry (KolTileRenderer *self,
              Entry           *victim)
{
  GPtrArray *sizes = g_hash_table_lookup (self->entries, victim->key);

  self->bytes -= victim->bytes;
  if (sizes->len == 1)
    g_hash_table_remove (self->entries, victim->key);  /* frees victim and its key */
  else
    g_ptr_array_remove_fast (sizes, victim);
}

/* Drops the least recently used textures, down to three quarters of the
 * budget so that eviction does not run on every insertion; textures of the
 * current frame stay. */
static void
trim (KolTileRenderer *self)
{
  g_autoptr(GPtrArray) all = NULL;
  GHashTableIter iter;
  gpointer value;

  if (self->bytes <= self->max_bytes)
    return;
  all = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GPtrArray *sizes = value;

      for (guint i = 0; i < sizes->len; i++)
        g_ptr_array_add (all, g_ptr_array_index (sizes, i));
    }
  g_ptr_array_sort (all, compare_stamps);
  for (guint i = 0; i < all->len && self->bytes > self->max_bytes / 4 * 3; i++)
    {
      Entry *entry = g_ptr_array_index (all, i);

      if (entry->stamp >= self->frame)
        break;
      remove_entry (self, entry);
    }
}

static void
insert (KolTileRenderer *self,
        const char      *key,
        int              size,
        cairo_surface_t *surface)
{
  g_autoptr(GdkTexture) texture = kol_view_texture_for_surface (surface);
  GPtrArray *sizes = NULL;
  gpointer stored_key = NULL;
  Entry *entry;

  if (!g_hash_table_lookup_extended (self->entries, key, &stored_key, (gpointer *) &sizes))
    {
      stored_key = g_strdup (key);
      sizes = g_ptr_array_new_with_free_func (entry_free);
      g_hash_table_insert (self->entries, stored_key, sizes);
    }
  for (guint i = 0; i < sizes->len; i++)
    {
      entry = g_ptr_array_index (sizes, i);
      if (entry->size == size)
        {
          self->bytes -= entry->bytes;
          g_ptr_array_remove_index_fast (sizes, i);
          break;
        }
    }
  entry = g_new0 (Entry, 1);
  entry->key = stored_key;
  entry->size = size;
  entry->texture = g_object_ref (texture);
  entry->surface = cairo_surface_reference (surface);
  entry->bytes = (gsize) gdk_texture_get_width (texture) * gdk_texture_get_height (texture) * 4;
  entry->stamp = self->frame;
  g_ptr_array_add (sizes, entry);
  self->bytes += entry->bytes;
  trim (self);
}

/* ------------------------------------------------------------- workers */

static gboolean
deliver_cb (gpointer data)
{
  KolTileRenderer *self = data;
  GQueue jobs = G_QUEUE_INIT;
  gboolean any = FALSE;
  Job *job;

  g_mutex_lock (&self->lock);
  jobs = self->done;
  g_queue_init (&self->done);
  self->done_id = 0;
  g_mutex_unlock (&self->lock);

  while ((job = g_queue_pop_head (&jobs)) != NULL)
    {
      g_autofree char *pkey = pending_key (job->key, job->size);

      if (job->generation == self->generation)
        {
          g_hash_table_remove (self->pending, pkey);
          if (job->surface != NULL)
            insert (self, job->key, job->size, job->surface);
          any = TRUE;
        }
      job_free (job);
    }
  if (any)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PENDING]);
      g_signal_emit (self, signals[TEXTURES_READY], 0);
    }
  return G_SOURCE_REMOVE;
}

static void
worker (gpointer data,
        gpointer user_data)
{
  KolTileRenderer *self = user_data;
  Job *job = data;
  g_autoptr(GError) error = NULL;

  job->surface = rasterize_surface (job->svg, job->width, job->height, &error);
  if (job->surface == NULL)
    g_debug ("Cannot rasterize %s: %s", job->key, error->message);
  g_mutex_lock (&self->lock);
  g_queue_push_tail (&self->done, job);
  if (self->done_id == 0)
    self->done_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL);
  g_mutex_unlock (&self->lock);
}

/* ------------------------------------------------------------- GObject */

static void
kol_tile_renderer_dispose (GObject *object)
{
  KolTileRenderer *self = KOL_TILE_RENDERER (object);
  Job *job;

  /* stop the workers first: nothing is queued after this */
  if (self->pool != NULL)
    g_thread_pool_free (g_steal_pointer (&self->pool), TRUE, TRUE);
  g_mutex_lock (&self->lock);
  g_clear_handle_id (&self->done_id, g_source_remove);
  while ((job = g_queue_pop_head (&self->done)) != NULL)
    job_free (job);
  g_mutex_unlock (&self->lock);
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->entries);
  self->bytes = 0;

  G_OBJECT_CLASS (kol_tile_renderer_parent_class)->dispose (object);
}

static void
kol_tile_renderer_finalize (GObject *object)
{
  KolTileRenderer *self = KOL_TILE_RENDERER (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (kol_tile_renderer_parent_class)->finalize (object);
}

static void
kol_tile_renderer_constructed (GObject *object)
{
  KolTileRenderer *self = KOL_TILE_RENDERER (object);
  int spare = (int) g_get_num_processors () - 1;
  int workers = CLAMP (spare, 1, MAX_WORKERS);

  G_OBJECT_CLASS (kol_tile_renderer_parent_class)->constructed (object);
  if (self->threaded)
    self->pool = g_thread_pool_new_full (worker, self, job_free, workers, FALSE, NULL);
}

static void
kol_tile_renderer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  KolTileRenderer *self = KOL_TILE_RENDERER (object);

  switch (prop_id)
    {
    case PROP_THREADED:
      g_value_set_boolean (value, self->threaded);
      break;
    case PROP_N_PENDING:
      g_value_set_uint (value, kol_tile_renderer_get_n_pending (self));
      break;
    case PROP_MAX_BYTES:
      g_value_set_uint64 (value, self->max_bytes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_tile_renderer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  KolTileRenderer *self = KOL_TILE_RENDERER (object);

  switch (prop_id)
    {
    case PROP_THREADED:
      self->threaded = g_value_get_boolean (value);
      break;
    case PROP_MAX_BYTES:
      kol_tile_renderer_set_max_bytes (self, g_value_get_uint64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_tile_renderer_class_init (KolTileRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = kol_tile_renderer_constructed;
  object_class->dispose = kol_tile_renderer_dispose;
  object_class->finalize = kol_tile_renderer_finalize;
  object_class->get_property = kol_tile_renderer_get_property;
  object_class->set_property = kol_tile_renderer_set_property;

  /**
   * KolTileRenderer:threaded:
   *
   * Rasterize in worker threads; without, a request is served at once.
   */
  properties[PROP_THREADED] =
    g_param_spec_boolean ("threaded", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * KolTileRenderer:n-pending:
   *
   * Requests not served yet.
   */
  properties[PROP_N_PENDING] =
    g_param_spec_uint ("n-pending", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * KolTileRenderer:max-bytes:
   *
   * The pixel memory the cache may keep.
   */
  properties[PROP_MAX_BYTES] =
    g_param_spec_uint64 ("max-bytes", NULL, NULL, 0, G_MAXUINT64, DEFAULT_MAX_BYTES,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolTileRenderer::textures-ready:
   *
   * Requested textures have been rasterized and can be looked up.
   */
  signals[TEXTURES_READY] =
    g_signal_new ("textures-ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kol_tile_renderer_init (KolTileRenderer *self)
{
  self->threaded = TRUE;
  self->max_bytes = DEFAULT_MAX_BYTES;
  self->frame = 1;
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_ptr_array_unref);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_mutex_init (&self->lock);
  g_queue_init (&self->done);
}

/**
 * kol_tile_renderer_new:
 * @threaded: rasterize in worker threads
 *
 * Returns: (transfer full): an empty cache
 */
KolTileRenderer *
kol_tile_renderer_new (gboolean threaded)
{
  return g_object_new (KOL_TYPE_TILE_RENDERER, "threaded", threaded, NULL);
}

/**
 * kol_tile_renderer_begin_frame:
 * @self: a renderer
 *
 * Starts a new frame: what is looked up from now on is kept by eviction
 * until the next frame begins.
 */
void
kol_tile_renderer_begin_frame (KolTileRenderer *self)
{
  g_return_if_fail (KOL_IS_TILE_RENDERER (self));
  self->frame++;
}

/**
 * kol_tile_renderer_lookup:
 * @self: a renderer
 * @key: what the picture shows
 * @size: the size wanted
 * @found_size: (out) (optional): the size of the texture returned
 * @surface: (out) (optional) (transfer none): the same pixels as a cairo
 *   image surface, for drawing with cairo (GTK 4.8's cairo renderer
 *   converts a texture pixel by pixel each time it draws it; a surface it
 *   paints as it is)
 *
 * Returns: (transfer none) (nullable): the texture of @key at @size, or at
 *   the nearest size there is (to draw scaled), or %NULL
 */
GdkTexture *
kol_tile_renderer_lookup (KolTileRenderer  *self,
                          const char       *key,
                          int               size,
                          int              *found_size,
                          cairo_surface_t **surface)
{
  GPtrArray *sizes;
  Entry *best = NULL;
  double best_d = G_MAXDOUBLE;

  g_return_val_if_fail (KOL_IS_TILE_RENDERER (self), NULL);
  g_return_val_if_fail (key != NULL && size > 0, NULL);
  sizes = g_hash_table_lookup (self->entries, key);
  for (guint i = 0; sizes != NULL && i < sizes->len; i++)
    {
      Entry *entry = g_ptr_array_index (sizes, i);
      /* by ratio, and a larger texture (sharper when scaled) wins a tie */
      double d = fabs (log ((double) entry->size / size)) - (entry->size > size ? 1e-3 : 0);

      if (d < best_d)
        {
          best = entry;
          best_d = d;
        }
    }
  if (found_size != NULL)
    *found_size = best != NULL ? best->size : 0;
  if (surface != NULL)
    *surface = best != NULL ? best->surface : NULL;
  if (best == NULL)
    return NULL;
  best->stamp = self->frame;
  return best->texture;
}

/**
 * kol_tile_renderer_is_pending:
 * @self: a renderer
 * @key: what the picture shows
 * @size: its size
 *
 * Returns: %TRUE if that texture has been requested and is not ready yet
 */
gboolean
kol_tile_renderer_is_pending (KolTileRenderer *self,
                              const char      *key,
                              int              size)
{
  g_autofree char *pkey = NULL;

  g_return_val_if_fail (KOL_IS_TILE_RENDERER (self), FALSE);
  pkey = pending_key (key, size);
  return g_hash_table_contains (self->pending, pkey);
}

/**
 * kol_tile_renderer_request:
 * @self: a renderer
 * @key: what the picture shows
 * @size: the size it is drawn at, as the caller counts sizes
 * @svg: (transfer full): the SVG document
 * @width: texture width in pixels
 * @height: texture height in pixels
 *
 * Rasterizes @svg into the cache under (@key, @size): in a worker thread
 * (KolTileRenderer::textures-ready follows) or, when not threaded, now.
 * A request for a texture already pending is dropped.
 */
void
kol_tile_renderer_request (KolTileRenderer *self,
                           const char      *key,
                           int              size,
                           char            *svg,
                           int              width,
                           int              height)
{
  g_autofree char *pkey = NULL;
  Job *job;

  g_return_if_fail (KOL_IS_TILE_RENDERER (self));
  g_return_if_fail (key != NULL && svg != NULL && size > 0);
  pkey = pending_key (key, size);
  if (g_hash_table_contains (self->pending, pkey))
    {
      g_free (svg);
      return;
    }
  width = CLAMP (width, 1, MAX_DIMENSION);
  height = CLAMP (height, 1, MAX_DIMENSION);
  if (self->pool == NULL)
    {
      g_autoptr(GError) error = NULL;
      cairo_surface_t *surface = rasterize_surface (svg, width, height, &error);

      if (surface != NULL)
        insert (self, key, size, surface);
      else
        g_debug ("Cannot rasterize %s: %s", key, error->message);
      g_clear_pointer (&surface, cairo_surface_destroy);
      g_free (svg);
      return;
    }
  job = g_new0 (Job, 1);
  job->key = g_strdup (key);
  job->size = size;
  job->svg = svg;
  job->width = width;
  job->height = height;
  job->generation = self->generation;
  g_hash_table_add (self->pending, g_steal_pointer (&pkey));
  g_thread_pool_push (self->pool, job, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PENDING]);
}

guint
kol_tile_renderer_get_n_pending (KolTileRenderer *self)
{
  g_return_val_if_fail (KOL_IS_TILE_RENDERER (self), 0);
  return g_hash_table_size (self->pending);
}

/**
 * kol_tile_renderer_get_n_textures:
 *
 * Returns: the number of textures in the cache
 */
guint
kol_tile_renderer_get_n_textures (KolTileRenderer *self)
{
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  g_return_val_if_fail (KOL_IS_TILE_RENDERER (self), 0);
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    n += ((GPtrArray *) value)->len;
  return n;
}

gsize
kol_tile_renderer_get_max_bytes (KolTileRenderer *self)
{
  g_return_val_if_fail (KOL_IS_TILE_RENDERER (self), 0);
  return self->max_bytes;
}

void
kol_tile_renderer_set_max_bytes (KolTileRenderer *self,
                                 gsize            max_bytes)
{
  g_return_if_fail (KOL_IS_TILE_RENDERER (self));
  if (self->max_bytes == max_bytes)
    return;
  self->max_bytes = max_bytes;
  trim (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BYTES]);
}

/**
 * kol_tile_renderer_clear:
 * @self: a renderer
 *
 * Forgets every texture and every pending request (for a new title: keys
 * name hexes and tiles of one title).
 */
void
kol_tile_renderer_clear (KolTileRenderer *self)
{
  g_return_if_fail (KOL_IS_TILE_RENDERER (self));
  self->generation++;
  g_hash_table_remove_all (self->entries);
  self->bytes = 0;
  if (g_hash_table_size (self->pending) > 0)
    {
      g_hash_table_remove_all (self->pending);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PENDING]);
    }
}
