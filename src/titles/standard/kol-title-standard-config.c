/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

#include <string.h>

/*
 * The one reader of a title's data for the standard module: `rules`, the
 * trains' and privates' own keys, and what the module needs of the market,
 * the phases and the corporations. Setup reads with it, and the title check
 * (KolTitleModule.check_title) runs the same reader collecting problems, so
 * that validation refuses exactly what setup could not play. Every key of
 * `rules` is optional (the defaults are 1830's); unknown keys and values
 * are refused with the keys or values allowed. data/games/README.md, "The
 * standard rules module", documents every field read here.
 */

typedef struct
{
  const KolTitle *title;
  KolTitleCheck  *check;
  gboolean        ok;
} Reader;

/* ------------------------------------------------------------ problems */

static KolCheckProblem *
problem (Reader       *r,
         KolCheckKind  kind,
         const char   *path,
         const char   *value)
{
  r->ok = FALSE;
  if (r->check == NULL)
    return NULL;
  return kol_title_check_add (r->check, kind, KOL_CHECK_FILE_GAME, path, value);
}

/* A module text about @path (UNSUPPORTED or UNPLAYABLE); @value fills %1$s. */
static void
text_problem (Reader       *r,
              KolCheckKind  kind,
              int           text,
              const char   *path,
              const char   *value)
{
  KolCheckProblem *p = problem (r, kind, path, value);

  if (p != NULL)
    p->text = (gint16) text;
}

/* @v without its JSON box, as a new reference (@v stays the caller's). */
static GVariant *
unbox (GVariant *v)
{
  return kol_variant_unbox (v != NULL ? g_variant_ref (v) : NULL);
}

/* A value as JSON text, for messages. */
static char *
json_text (GVariant *v)
{
  g_autoptr(GVariant) inner = unbox (v);

  if (inner == NULL)
    return g_strdup ("null");
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_STRING))
    return g_strdup_printf ("\"%s\"", g_variant_get_string (inner, NULL));
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_BOOLEAN))
    return g_strdup (g_variant_get_boolean (inner) ? "true" : "false");
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_INT64))
    return g_strdup_printf ("%" G_GINT64_FORMAT, g_variant_get_int64 (inner));
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_DOUBLE))
    return g_strdup_printf ("%g", g_variant_get_double (inner));
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARDICT))
    return g_strdup ("{…}");
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_ARRAY))
    return g_strdup ("[…]");
  return g_variant_print (inner, FALSE);
}

/* "\"a\", \"b\"" from a NULL-terminated list. */
static char *
quoted_list (const char *const *values)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; values[i] != NULL; i++)
    g_string_append_printf (s, "%s\"%s\"", i ? ", " : "", values[i]);
  return g_string_free (s, FALSE);
}

static void
type_problem (Reader     *r,
              const char *path,
              GVariant   *value,
              const char *expected)
{
  g_autofree char *text = json_text (value);
  KolCheckProblem *p = problem (r, KOL_CHECK_TYPE, path, text);

  if (p != NULL)
    p->allowed = g_strdup (expected);
}

/* A value (@text, as JSON) that is not one of @allowed. */
static void
value_text_problem (Reader            *r,
                    const char        *path,
                    const char        *text,
                    const char *const *allowed)
{
  KolCheckProblem *p = problem (r, KOL_CHECK_VALUE, path, text);

  if (p != NULL)
    p->allowed = quoted_list (allowed);
}

static void
value_problem (Reader            *r,
               const char        *path,
               GVariant          *value,
               const char *const *allowed)
{
  g_autofree char *text = json_text (value);

  value_text_problem (r, path, text, allowed);
}

/* A name the loader read (a phase's status, a corporation's type) that is
 * not one of @allowed. */
static void
name_problem (Reader            *r,
              const char        *path,
              const char        *name,
              const char *const *allowed)
{
  g_autofree char *text = g_strdup_printf ("\"%s\"", name != NULL ? name : "");

  value_text_problem (r, path, text, allowed);
}

static void
range_problem (Reader     *r,
               const char *path,
               gint64      value,
               int         min,
               int         max)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);
  KolCheckProblem *p = problem (r, KOL_CHECK_RANGE, path, text);

  if (p != NULL)
    {
      p->min = min;
      p->max = max;
    }
}

static void
reference_problem (Reader     *r,
                   const char *path,
                   const char *value,
                   const char *what)
{
  g_autofree char *text = g_strdup_printf ("\"%s\"", value);
  KolCheckProblem *p = problem (r, KOL_CHECK_REFERENCE, path, text);

  if (p != NULL)
    p->allowed = g_strdup (what);
}

/* --------------------------------------------------------- typed reads */

static char *
child_path (const char *path,
            const char *key)
{
  return g_strdup_printf ("%s.%s", path, key);
}

static char *
index_path (const char *path,
            guint       i)
{
  return g_strdup_printf ("%s[%u]", path, i);
}

/* The string element @i of the array @list at @path (a copy), its path in
 * @child; NULL (refused) when it is not a string. */
static char *
string_item (Reader     *r,
             GVariant   *list,
             const char *path,
             gsize       i,
             char      **child)
{
  g_autoptr(GVariant) raw = g_variant_get_child_value (list, i);
  g_autoptr(GVariant) v = unbox (raw);

  *child = index_path (path, (guint) i);
  if (!g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    {
      type_problem (r, *child, v, "string");
      return NULL;
    }
  return g_variant_dup_string (v, NULL);
}

/* Refuses the keys of the object @obj (a{sv}) at @path not in @known. */
static void
check_keys (Reader            *r,
            GVariant          *obj,
            const char        *path,
            const char *const *known)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;

  if (obj == NULL)
    return;
  g_variant_iter_init (&iter, obj);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (!g_strv_contains (known, key))
        {
          g_autofree char *child = child_path (path, key);
          KolCheckProblem *p = problem (r, KOL_CHECK_KEY, child, key);

          if (p != NULL)
            p->allowed = quoted_list (known);
        }
      g_variant_unref (value);
    }
}

/* The member @key of @obj of @type (@name in a refusal), or NULL (absent,
 * or of another type: refused). */
static GVariant *
get_typed (Reader             *r,
           GVariant           *obj,
           const char         *path,
           const char         *key,
           const GVariantType *type,
           const char         *name)
{
  g_autoptr(GVariant) v = kol_variant_lookup (obj, key);
  g_autofree char *child = child_path (path, key);

  if (v == NULL)
    return NULL;
  if (!g_variant_is_of_type (v, type))
    {
      type_problem (r, child, v, name);
      return NULL;
    }
  return g_steal_pointer (&v);
}

/* The object member @key of @obj, or NULL (absent, or refused). */
static GVariant *
get_object (Reader     *r,
            GVariant   *obj,
            const char *path,
            const char *key)
{
  return get_typed (r, obj, path, key, G_VARIANT_TYPE_VARDICT, "object");
}

/* The array member @key of @obj, or NULL (absent, or refused). */
static GVariant *
get_array (Reader     *r,
           GVariant   *obj,
           const char *path,
           const char *key)
{
  return get_typed (r, obj, path, key, G_VARIANT_TYPE ("av"), "array");
}

static gboolean
variant_int (GVariant *v,
             gint64   *out)
{
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_INT64))
    *out = g_variant_get_int64 (v);
  else if (g_variant_is_of_type (v, G_VARIANT_TYPE_INT32))
    *out = g_variant_get_int32 (v);
  else if (g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64))
    {
      guint64 u = g_variant_get_uint64 (v);

      *out = (gint64) MIN (u, (guint64) G_MAXINT64);
    }
  else
    return FALSE;
  return TRUE;
}

/* An integer @key of @obj in [@min, @max], @fallback when absent. */
static int
get_int (Reader     *r,
         GVariant   *obj,
         const char *path,
         const char *key,
         int         min,
         int         max,
         int         fallback)
{
  g_autoptr(GVariant) v = kol_variant_lookup (obj, key);
  g_autofree char *child = child_path (path, key);
  gint64 n;

  if (v == NULL)
    return fallback;
  if (!variant_int (v, &n))
    {
      type_problem (r, child, v, "integer");
      return fallback;
    }
  if (n < min || n > max)
    {
      range_problem (r, child, n, min, max);
      return fallback;
    }
  return (int) n;
}

static gboolean
get_bool (Reader     *r,
          GVariant   *obj,
          const char *path,
          const char *key,
          gboolean    fallback)
{
  g_autoptr(GVariant) v = kol_variant_lookup (obj, key);
  g_autofree char *child = child_path (path, key);

  if (v == NULL)
    return fallback;
  if (!g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN))
    {
      type_problem (r, child, v, "boolean");
      return fallback;
    }
  return g_variant_get_boolean (v);
}

/* The index in @allowed of the string @v at @path; @fallback (refused) when
 * it is not one of them. */
static int
string_choice (Reader            *r,
               GVariant          *v,
               const char        *path,
               const char *const *allowed,
               int                fallback)
{
  g_autoptr(GVariant) inner = unbox (v);
  const char *s;

  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_STRING))
    {
      type_problem (r, path, inner, "string");
      return fallback;
    }
  s = g_variant_get_string (inner, NULL);
  for (int i = 0; allowed[i] != NULL; i++)
    if (g_str_equal (s, allowed[i]))
      return i;
  value_problem (r, path, inner, allowed);
  return fallback;
}

/* A string @key of @obj that must be one of @allowed: its index, or
 * @fallback when absent or refused. */
static int
get_choice (Reader            *r,
            GVariant          *obj,
            const char        *path,
            const char        *key,
            const char *const *allowed,
            int                fallback)
{
  g_autoptr(GVariant) raw = obj ? g_variant_lookup_value (obj, key, NULL) : NULL;
  g_autofree char *child = child_path (path, key);

  if (raw == NULL)
    return fallback;
  return string_choice (r, raw, child, allowed, fallback);
}

static gboolean
has_key (GVariant   *obj,
         const char *key)
{
  g_autoptr(GVariant) v = obj ? g_variant_lookup_value (obj, key, NULL) : NULL;

  return v != NULL;
}

static const char *
get_string (GVariant   *obj,
            const char *key)
{
  g_autoptr(GVariant) v = kol_variant_lookup (obj, key);

  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    return NULL;
  /* the string lives in @obj, which outlives the call */
  return g_variant_get_string (v, NULL);
}

/* -------------------------------------------------------------- rules */

static const char *const timing_names[] = { "immediate", "end_of_or", "end_of_or_set", NULL };
static const guint8 timings[] = {
  KOL_END_TIMING_IMMEDIATE, KOL_END_TIMING_CURRENT_OR, KOL_END_TIMING_FULL_OR,
};

static void
read_private_auction (Reader       *r,
                      GVariant     *rules,
                      KolStdConfig *cfg)
{
  static const char *const keys[] = { "kind", "bid_increment", "unsold_discount_step", NULL };
  static const char *const kinds[] = { "waterfall", "fixed_price", "none", NULL };
  const char *path = "$.rules.private_auction";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "private_auction");

  check_keys (r, o, path, keys);
  cfg->first_round = r->title->n_companies > 0 ? KOL_STD_FIRST_WATERFALL : KOL_STD_FIRST_NONE;
  cfg->first_round = (guint8) get_choice (r, o, path, "kind", kinds, cfg->first_round);
  if (cfg->first_round == KOL_STD_FIRST_NONE && r->title->n_companies > 0)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_NONE_WITH_PRIVATES, "$.rules.private_auction.kind", "\"none\"");
  if (r->title->n_companies == 0)
    cfg->first_round = KOL_STD_FIRST_NONE;
  cfg->bid_increment = get_int (r, o, path, "bid_increment", 1, 100, 5);
  cfg->unsold_discount = get_int (r, o, path, "unsold_discount_step", 1, 100, 5);
}

static void
read_dividend_moves (Reader       *r,
                     GVariant     *market,
                     KolStdConfig *cfg)
{
  static const char *const keys[] = { "payout", "half", "withhold", NULL };
  static const char *const directions[] = { "right", "left", "none", NULL };
  static const guint8 direction[] = { KOL_PRICE_RIGHT, KOL_PRICE_LEFT, KOL_PRICE_NONE };
  const char *path = "$.rules.stock_market.dividend_moves";
  g_autoptr(GVariant) o = get_object (r, market, "$.rules.stock_market", "dividend_moves");
  const int defaults[KOL_STD_N_DIVIDENDS] = { 0, 0, 1 };

  check_keys (r, o, path, keys);
  for (int k = 0; k < KOL_STD_N_DIVIDENDS; k++)
    cfg->dividend_move[k] = direction[get_choice (r, o, path, keys[k], directions, defaults[k])];
}

static void
read_stock_market (Reader       *r,
                   GVariant     *rules,
                   KolStdConfig *cfg)
{
  static const char *const keys[] = {
    "sell_buy_order", "sell_after", "sell_movement", "end_of_sr_sold_out_up", "end_of_sr_pool_down",
    "dividend_moves", "dividend_right_when_total_at_least_price", NULL
  };
  static const char *const orders[] = { "sell_buy", "sell_buy_sell", "any", NULL };
  static const guint8 order[] = { KOL_SELL_BUY, KOL_SELL_BUY_SELL, KOL_SELL_BUY_OR_BUY_SELL };
  static const char *const afters[] = { "first_stock_round", "operate", "any_time", NULL };
  static const guint8 after[] = { KOL_SELL_AFTER_FIRST, KOL_SELL_AFTER_OPERATE, KOL_SELL_AFTER_ANY_TIME };
  static const char *const movements[] = { "down_per_share", "down_per_10_percent", "left_per_share", "none",
                                           NULL };
  static const guint8 movement[] = {
    KOL_SELL_MOVE_DOWN_SHARE, KOL_SELL_MOVE_DOWN_PER_10, KOL_SELL_MOVE_LEFT_SHARE, KOL_SELL_MOVE_NONE,
  };
  const char *path = "$.rules.stock_market";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "stock_market");

  check_keys (r, o, path, keys);
  cfg->sell_buy_order = order[get_choice (r, o, path, "sell_buy_order", orders, 0)];
  cfg->sell_after = after[get_choice (r, o, path, "sell_after", afters, 0)];
  cfg->sell_movement = movement[get_choice (r, o, path, "sell_movement", movements, 0)];
  cfg->sold_out_up = get_bool (r, o, path, "end_of_sr_sold_out_up", TRUE);
  cfg->pool_down = get_bool (r, o, path, "end_of_sr_pool_down", FALSE);
  cfg->right_needs_price = get_bool (r, o, path, "dividend_right_when_total_at_least_price", FALSE);
  read_dividend_moves (r, o, cfg);
}

static guint8
lay_allowed (Reader     *r,
             GVariant   *obj,
             const char *path,
             const char *key)
{
  static const char *const names[] = { "not_if_upgraded", NULL };
  g_autoptr(GVariant) raw = g_variant_lookup_value (obj, key, NULL);
  g_autoptr(GVariant) v = unbox (raw);
  g_autofree char *child = child_path (path, key);

  if (v == NULL)
    return KOL_TILE_LAY_YES;
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN))
    return g_variant_get_boolean (v) ? KOL_TILE_LAY_YES : KOL_TILE_LAY_NO;
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    {
      string_choice (r, v, child, names, 0);
      return KOL_TILE_LAY_NOT_IF_UPGRADED;
    }
  type_problem (r, child, v, "boolean");
  return KOL_TILE_LAY_YES;
}

static void
read_tile_lays (Reader       *r,
                GVariant     *track,
                KolStdConfig *cfg)
{
  static const char *const keys[] = { "lay", "upgrade", "cost", "upgrade_cost", "cannot_reuse_same_hex", NULL };
  const char *path = "$.rules.track.tile_lays";
  g_autoptr(GVariant) lays = get_array (r, track, "$.rules.track", "tile_lays");
  gsize n = lays ? g_variant_n_children (lays) : 0;

  cfg->n_tile_lays = 1;
  cfg->tile_lays[0] = (KolTileLay) { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 };
  if (lays == NULL)
    return;
  if (n < 1 || n > KOL_MAX_TILE_LAYS)
    {
      range_problem (r, path, (gint64) n, 1, KOL_MAX_TILE_LAYS);
      return;
    }
  cfg->n_tile_lays = (guint8) n;
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) raw = g_variant_get_child_value (lays, i);
      g_autoptr(GVariant) o = unbox (raw);
      g_autofree char *child = index_path (path, (guint) i);
      KolTileLay *lay = &cfg->tile_lays[i];

      if (!g_variant_is_of_type (o, G_VARIANT_TYPE_VARDICT))
        {
          type_problem (r, child, o, "object");
          continue;
        }
      check_keys (r, o, child, keys);
      lay->lay = lay_allowed (r, o, child, "lay");
      lay->upgrade = lay_allowed (r, o, child, "upgrade");
      lay->cost = get_int (r, o, child, "cost", 0, 10000, 0);
      lay->upgrade_cost = get_int (r, o, child, "upgrade_cost", 0, 10000, lay->cost);
      lay->cannot_reuse_same_hex = get_bool (r, o, child, "cannot_reuse_same_hex", FALSE);
    }
}

static void
read_track (Reader       *r,
            GVariant     *rules,
            KolStdConfig *cfg)
{
  static const char *const keys[] = { "tile_lays", "terrain_cost_on_upgrade", "restriction", NULL };
  static const char *const restrictions[] = { "semi_restrictive", "permissive", "restrictive", NULL };
  static const guint8 restriction[] = { KOL_TRACK_SEMI_RESTRICTIVE, KOL_TRACK_PERMISSIVE, KOL_TRACK_RESTRICTIVE };
  const char *path = "$.rules.track";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "track");

  check_keys (r, o, path, keys);
  read_tile_lays (r, o, cfg);
  cfg->terrain_on_upgrade = get_bool (r, o, path, "terrain_cost_on_upgrade", FALSE);
  cfg->track_restriction = restriction[get_choice (r, o, path, "restriction", restrictions, 0)];
}

static void
read_dividends (Reader       *r,
                GVariant     *rules,
                KolStdConfig *cfg)
{
  static const char *const kinds[] = { "payout", "withhold", "half", NULL };
  const char *path = "$.rules.dividends";
  g_autoptr(GVariant) list = get_array (r, rules, "$.rules", "dividends");
  guint seen = 0;

  if (list == NULL)
    return;
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr(GVariant) item = g_variant_get_child_value (list, i);
      g_autofree char *child = index_path (path, (guint) i);
      int k = string_choice (r, item, child, kinds, -1);

      if (k >= 0)
        seen |= 1u << k;
    }
  if ((seen & 3u) != 3u)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_PAYOUT_WITHHOLD, path, NULL);
  cfg->dividend_half = (seen & 4u) != 0;
}

static void
read_train_purchase (Reader       *r,
                     GVariant     *rules,
                     KolStdConfig *cfg)
{
  static const char *const keys[] = {
    "from_others", "emergency_from_others", "must_buy_train", "discarded", NULL
  };
  static const char *const froms[] = { "with_consent", "any", "never", NULL };
  static const char *const ebuys[] = { "value", "always", "never", NULL };
  static const guint8 ebuy[] = { KOL_EBUY_FROM_OTHERS_VALUE, KOL_EBUY_FROM_OTHERS_ALWAYS, KOL_EBUY_FROM_OTHERS_NEVER };
  static const char *const musts[] = { "route", "always", "never", NULL };
  static const guint8 must[] = { KOL_MUST_BUY_TRAIN_ROUTE, KOL_MUST_BUY_TRAIN_ALWAYS, KOL_MUST_BUY_TRAIN_NEVER };
  static const char *const discards[] = { "pool", "remove", NULL };
  const char *path = "$.rules.train_purchase";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "train_purchase");

  check_keys (r, o, path, keys);
  cfg->from_others = (guint8) get_choice (r, o, path, "from_others", froms, KOL_STD_FROM_OTHERS_WITH_CONSENT);
  cfg->ebuy_from_others = ebuy[get_choice (r, o, path, "emergency_from_others", ebuys, 0)];
  cfg->must_buy_train = must[get_choice (r, o, path, "must_buy_train", musts, 0)];
  cfg->discarded_removed = (guint8) get_choice (r, o, path, "discarded", discards, 0);
}

static void
read_private_sale (Reader       *r,
                   GVariant     *rules,
                   KolStdConfig *cfg)
{
  static const char *const keys[] = { "min_price", "max_value_multiple", NULL };
  static const char *const half[] = { "half_value", NULL };
  const char *path = "$.rules.private_sale";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "private_sale");
  g_autoptr(GVariant) raw = o ? g_variant_lookup_value (o, "min_price", NULL) : NULL;
  g_autoptr(GVariant) min = unbox (raw);

  check_keys (r, o, path, keys);
  cfg->company_min_price = -1;
  if (min != NULL && g_variant_is_of_type (min, G_VARIANT_TYPE_STRING))
    string_choice (r, min, "$.rules.private_sale.min_price", half, 0);
  else if (min != NULL)
    cfg->company_min_price = get_int (r, o, path, "min_price", 0, 10000, -1);
  cfg->company_max_multiple = get_int (r, o, path, "max_value_multiple", 1, 10, 2);
}

static void
read_game_end (Reader       *r,
               GVariant     *rules,
               KolStdConfig *cfg)
{
  static const char *const keys[] = {
    "bank_broken_timing", "share_price_timing", "bankruptcy", "after_or_set", NULL
  };
  static const char *const bankruptcy[] = { "immediate", NULL };
  const char *path = "$.rules.game_end";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "game_end");

  check_keys (r, o, path, keys);
  cfg->end_bank = timings[get_choice (r, o, path, "bank_broken_timing", timing_names, 2)];
  cfg->end_market = timings[get_choice (r, o, path, "share_price_timing", timing_names, 1)];
  get_choice (r, o, path, "bankruptcy", bankruptcy, 0);
  cfg->end_after_or_set = get_int (r, o, path, "after_or_set", 1, 99, 0);
}

static void
read_routes (Reader       *r,
             GVariant     *rules,
             KolStdConfig *cfg,
             gboolean     *towns_free)
{
  static const char *const keys[] = { "min_stops", "towns", NULL };
  static const char *const towns[] = { "count", "free", NULL };
  const char *path = "$.rules.routes";
  g_autoptr(GVariant) o = get_object (r, rules, "$.rules", "routes");

  check_keys (r, o, path, keys);
  cfg->min_stops = get_int (r, o, path, "min_stops", 1, 9, 2);
  *towns_free = get_choice (r, o, path, "towns", towns, 0) == 1;
}

static void
read_rules (Reader       *r,
            KolStdConfig *cfg,
            gboolean     *towns_free)
{
  static const char *const keys[] = {
    "private_auction", "stock_market", "max_player_percent", "max_pool_percent", "cert_limit_includes_privates",
    "capitalization", "operating_order", "home_token_timing", "track", "dividends", "train_purchase",
    "private_sale", "routes", "game_end", NULL
  };
  static const char *const caps[] = { "full", "incremental", NULL };
  static const char *const orders[] = { "share_price", NULL };
  static const char *const homes[] = { "operate", "float", "par", NULL };
  static const guint8 home[] = { KOL_HOME_TOKEN_OPERATE, KOL_HOME_TOKEN_FLOAT, KOL_HOME_TOKEN_PAR };
  GVariant *rules = r->title->rules;

  check_keys (r, rules, "$.rules", keys);
  read_private_auction (r, rules, cfg);
  read_stock_market (r, rules, cfg);
  cfg->max_player_percent = get_int (r, rules, "$.rules", "max_player_percent", 10, 100, 60);
  if (cfg->max_player_percent % 10 != 0)
    range_problem (r, "$.rules.max_player_percent", cfg->max_player_percent, 10, 100);
  cfg->max_pool_percent = get_int (r, rules, "$.rules", "max_pool_percent", 0, 100, 50);
  cfg->cert_limit_includes_privates = get_bool (r, rules, "$.rules", "cert_limit_includes_privates", TRUE);
  cfg->capitalization = (guint8) get_choice (r, rules, "$.rules", "capitalization", caps, KOL_CAPITALIZATION_FULL);
  get_choice (r, rules, "$.rules", "operating_order", orders, 0);
  cfg->home_token_timing = home[get_choice (r, rules, "$.rules", "home_token_timing", homes, 0)];
  read_track (r, rules, cfg);
  read_dividends (r, rules, cfg);
  read_train_purchase (r, rules, cfg);
  read_private_sale (r, rules, cfg);
  read_routes (r, rules, cfg, towns_free);
  read_game_end (r, rules, cfg);
}

/* ------------------------------------------------------------- trains */

static guint8
track_networks (Reader      *r,
                GVariant    *list,
                const char  *path)
{
  guint8 networks = 0;

  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autofree char *child = NULL;
      g_autofree char *id = string_item (r, list, path, i, &child);
      int t;

      if (id == NULL)
        continue;
      t = kol_title_track_by_id (r->title, id);
      if (t < 0)
        reference_problem (r, child, id, "track type");
      else
        networks |= r->title->track_types[t].networks;
    }
  return networks;
}

static void
read_train (Reader        *r,
            int            d,
            gboolean       towns_free,
            KolStdConfig  *cfg)
{
  static const char *const kinds[] = { "normal", "express", NULL };
  static const char *const towns[] = { "count", "free", NULL };
  const KolTrainDef *def = &r->title->trains[d];
  g_autofree char *path = g_strdup_printf ("$.trains[%d]", d);
  g_autofree char *track_path = child_path (path, "track");
  g_autoptr(GVariant) track = get_array (r, def->extra, path, "track");
  KolRouteTrain *t = &cfg->route_trains[d];
  guint8 networks = 0;
  int kind = get_choice (r, def->extra, path, "kind", kinds, 0);
  gboolean free_towns = get_choice (r, def->extra, path, "towns", towns, towns_free ? 1 : 0) == 1;

  if (track)
    networks = track_networks (r, track, track_path);
  else
    for (guint i = 0; i < r->title->n_track_types; i++)
      networks |= r->title->track_types[i].networks;
  if (def->n_variants > 1)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_VARIANTS, path, def->id);
  if (kind == 0)
    {
      kol_route_train_init (t, networks, def->distance < 0 ? KOL_ROUTE_UNLIMITED : def->distance);
      if (def->distance >= 0)
        {
          t->count_stops = TRUE;
          t->stop_cost[KOL_NODE_CITY] = 1;
          t->stop_cost[KOL_NODE_OFFBOARD] = 1;
          t->stop_cost[KOL_NODE_TOWN] = free_towns ? 0 : 1;
          if (def->distance < cfg->min_stops)
            text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_TOO_SHORT, path, def->id);
        }
    }
  else
    {
      /* an express train visits any number of stops; the distance is the
       * number that pays (towns "free": towns pay nothing) */
      kol_route_train_init (t, networks, KOL_ROUTE_UNLIMITED);
      t->pay_best = def->distance < 0 ? 0 : def->distance;
      if (def->distance == 0)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_TOO_SHORT, path, def->id);
      cfg->towns_pay_nothing[d] = free_towns;
    }
  t->tag = d;
  if (networks == 0)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_NO_STOP, path, def->id);
  if (def->rusts_on >= 0 && def->rusts_on <= d)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_RUSTS_EARLIER, path, def->id);
  if (def->obsolete_on >= 0 && def->obsolete_on <= d)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TRAIN_RUSTS_EARLIER, path, def->id);
  {
    /* color and label are the face of the card, for pictures and print;
     * notes and draw are the editor's, which any object may carry */
    static const char *const keys[] = { "kind", "towns", "track", "color", "label", "notes", "draw", NULL };

    check_keys (r, def->extra, path, keys);
  }
}

static void
read_trains (Reader       *r,
             gboolean      towns_free,
             KolStdConfig *cfg)
{
  gboolean lasting = FALSE;
  int total = 0, unlimited = 0, max_limit = 0;

  for (guint d = 0; d < r->title->n_trains && d < KOL_MAX_TRAIN_DEFS; d++)
    {
      const KolTrainDef *def = &r->title->trains[d];

      read_train (r, (int) d, towns_free, cfg);
      lasting = lasting || (def->rusts_on < 0 && def->obsolete_on < 0 && def->count != 0);
      if (def->count < 0)
        unlimited++;
      else
        total += def->count;
    }
  if (r->title->n_trains > 0 && !lasting)
    text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_EVERY_TRAIN_RUSTS, "$.trains", NULL);
  for (guint p = 0; p < r->title->n_phases; p++)
    max_limit = MAX (max_limit, r->title->phases[p].train_limit);
  /* every corporation may fill its limit with copies of unlimited trains */
  if (unlimited > 0 && total + (int) r->title->n_corps * MAX (max_limit, 1) > KOL_MAX_TRAINS)
    text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_TOO_MANY_TRAINS, "$.trains", NULL);
}

/* ------------------------------------------------------------ privates */

static const char *const ability_types[] = {
  "blocks_hex", "tile_lay", "token", "exchange", "close", "no_buy", NULL
};

static void
read_hexes (Reader        *r,
            GVariant      *o,
            const char    *path,
            KolStdAbility *a,
            gboolean       required)
{
  g_autoptr(GVariant) list = get_array (r, o, path, "hexes");

  if (list == NULL)
    {
      if (required)
        problem (r, KOL_CHECK_MISSING, path, "hexes");
      return;
    }
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr(GVariant) raw = g_variant_get_child_value (list, i);
      g_autoptr(GVariant) v = unbox (raw);
      int hex;

      if (!g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
        continue;  /* the loader refuses it */
      /* a hex a map variant removed here resolves to nothing */
      hex = kol_title_hex_by_id (r->title, g_variant_get_string (v, NULL));
      if (hex >= 0 && a->n_hexes < KOL_STD_MAX_ABILITY_HEXES)
        a->hexes[a->n_hexes++] = (gint16) hex;
    }
}

static void
read_tiles (Reader        *r,
            GVariant      *o,
            const char    *path,
            KolStdAbility *a)
{
  g_autoptr(GVariant) list = get_array (r, o, path, "tiles");
  g_autofree char *tiles_path = child_path (path, "tiles");

  for (gsize i = 0; list && i < g_variant_n_children (list); i++)
    {
      g_autofree char *child = NULL;
      g_autofree char *id = string_item (r, list, tiles_path, i, &child);
      int tile;

      if (id == NULL)
        continue;
      tile = kol_title_tile_by_id (r->title, id);
      if (tile < 0 || (guint) tile >= r->title->n_manifest_tiles)
        reference_problem (r, child, id, "tile");
      else if (a->n_tiles < KOL_STD_MAX_ABILITY_TILES)
        a->tiles[a->n_tiles++] = (gint16) tile;
    }
}

static gboolean
read_owner_type (Reader     *r,
                 GVariant   *o,
                 const char *path,
                 gboolean    corp_default)
{
  static const char *const owners[] = { "player", "corporation", NULL };

  return get_choice (r, o, path, "owner_type", owners, corp_default ? 1 : 0) == 1;
}

static int
corp_ref (Reader     *r,
          GVariant   *o,
          const char *path,
          const char *key,
          gboolean    required)
{
  const char *id = get_string (o, key);
  g_autofree char *child = child_path (path, key);
  int corp;

  if (id == NULL)
    {
      if (required)
        problem (r, KOL_CHECK_MISSING, path, key);
      return -1;
    }
  corp = kol_title_corp_by_id (r->title, id);
  if (corp < 0)
    reference_problem (r, child, id, "corporation");
  return corp;
}

static void
read_close (Reader        *r,
            GVariant      *o,
            const char    *path,
            KolStdAbility *a)
{
  static const char *const keys[] = { "type", "when", "phase", "corporation", "description", NULL };
  static const char *const whens[] = { "phase", "bought_by_corporation", "bought_train", NULL };
  const char *phase;

  check_keys (r, o, path, keys);
  a->when = (guint8) get_choice (r, o, path, "when", whens, KOL_STD_CLOSE_PHASE);
  if (!has_key (o, "when"))
    problem (r, KOL_CHECK_MISSING, path, "when");
  a->phase = -1;
  if (a->when == KOL_STD_CLOSE_PHASE)
    {
      g_autofree char *child = child_path (path, "phase");

      phase = get_string (o, "phase");
      if (phase == NULL)
        problem (r, KOL_CHECK_MISSING, path, "phase");
      else if ((a->phase = (gint16) kol_title_phase_by_name (r->title, phase)) < 0)
        reference_problem (r, child, phase, "phase");
    }
  a->corporation = a->when == KOL_STD_CLOSE_BOUGHT_TRAIN ? (gint16) corp_ref (r, o, path, "corporation", FALSE) : -1;
}

static void
read_ability (Reader        *r,
              GVariant      *o,
              const char    *path,
              KolStdAbility *a)
{
  static const char *const blocks_keys[] = { "type", "hexes", "owner_type", "description", NULL };
  static const char *const lay_keys[] = {
    "type", "hexes", "tiles", "free", "discount", "extra", "connected", "count", "closes_company", "owner_type",
    "description", NULL
  };
  static const char *const token_keys[] = {
    "type", "hexes", "price", "extra", "connected", "count", "closes_company", "owner_type", "description", NULL
  };
  static const char *const exchange_keys[] = { "type", "corporation", "from", "owner_type", "description", NULL };
  static const char *const no_buy_keys[] = { "type", "description", NULL };
  static const char *const froms[] = { "ipo", "pool", NULL };
  g_autofree char *type_path = child_path (path, "type");

  memset (a, 0, sizeof *a);
  a->corporation = -1;
  a->phase = -1;
  a->count = 1;
  a->type = (guint8) get_choice (r, o, path, "type", ability_types, KOL_STD_ABILITY_NO_BUY);
  switch (a->type)
    {
    case KOL_STD_ABILITY_BLOCKS_HEX:
      check_keys (r, o, path, blocks_keys);
      read_hexes (r, o, path, a, TRUE);
      a->corp_owned = read_owner_type (r, o, path, FALSE);
      break;
    case KOL_STD_ABILITY_TILE_LAY:
      check_keys (r, o, path, lay_keys);
      read_hexes (r, o, path, a, TRUE);
      read_tiles (r, o, path, a);
      a->free = get_bool (r, o, path, "free", FALSE);
      a->discount = get_int (r, o, path, "discount", 0, 10000, 0);
      a->extra = get_bool (r, o, path, "extra", TRUE);
      a->connected = get_bool (r, o, path, "connected", FALSE);
      a->count = (guint8) get_int (r, o, path, "count", 1, 9, 1);
      a->closes_company = get_bool (r, o, path, "closes_company", FALSE);
      a->corp_owned = read_owner_type (r, o, path, TRUE);
      break;
    case KOL_STD_ABILITY_TOKEN:
      check_keys (r, o, path, token_keys);
      read_hexes (r, o, path, a, TRUE);
      a->price = get_int (r, o, path, "price", 0, 10000, 0);
      a->extra = get_bool (r, o, path, "extra", TRUE);
      a->connected = get_bool (r, o, path, "connected", FALSE);
      a->count = (guint8) get_int (r, o, path, "count", 1, 9, 1);
      a->closes_company = get_bool (r, o, path, "closes_company", FALSE);
      a->corp_owned = read_owner_type (r, o, path, TRUE);
      break;
    case KOL_STD_ABILITY_EXCHANGE:
      {
        g_autoptr(GVariant) from = get_array (r, o, path, "from");
        g_autofree char *from_path = child_path (path, "from");

        check_keys (r, o, path, exchange_keys);
        a->corporation = (gint16) corp_ref (r, o, path, "corporation", TRUE);
        a->from_ipo = a->from_pool = from == NULL;
        for (gsize i = 0; from && i < g_variant_n_children (from); i++)
          {
            g_autoptr(GVariant) item = g_variant_get_child_value (from, i);
            g_autofree char *child = index_path (from_path, (guint) i);
            int k = string_choice (r, item, child, froms, -1);

            a->from_ipo |= k == 0;
            a->from_pool |= k == 1;
          }
        a->corp_owned = read_owner_type (r, o, path, FALSE);
        if (a->corporation >= 0 && r->title->corps[a->corporation].n_shares < 2)
          text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_EXCHANGE_SHARES, path, NULL);
        break;
      }
    case KOL_STD_ABILITY_CLOSE:
      read_close (r, o, path, a);
      break;
    default:
      check_keys (r, o, path, no_buy_keys);
      break;
    }
  if ((a->type == KOL_STD_ABILITY_TILE_LAY || a->type == KOL_STD_ABILITY_TOKEN) && a->n_hexes == 0)
    a->count = 0;  /* every hex removed in this configuration: nothing to use */
}

static void
read_privates (Reader       *r,
               KolStdConfig *cfg)
{
  for (guint c = 0; c < r->title->n_companies && c < KOL_MAX_COMPANIES; c++)
    {
      const KolCompanyDef *def = &r->title->companies[c];
      KolStdAbilities *list = &cfg->abilities[c];
      g_autofree char *path = g_strdup_printf ("$.privates[%u].abilities", c);

      list->n = 0;
      for (gsize i = 0; def->abilities && i < g_variant_n_children (def->abilities); i++)
        {
          g_autoptr(GVariant) raw = g_variant_get_child_value (def->abilities, i);
          g_autoptr(GVariant) o = unbox (raw);
          g_autofree char *child = index_path (path, (guint) i);

          if (!g_variant_is_of_type (o, G_VARIANT_TYPE_VARDICT))
            continue;  /* the loader refuses it */
          if (list->n >= KOL_STD_MAX_ABILITIES)
            {
              range_problem (r, path, (gint64) g_variant_n_children (def->abilities), 0, KOL_STD_MAX_ABILITIES);
              break;
            }
          read_ability (r, o, child, &list->a[list->n++]);
        }
    }
}

/* -------------------------------------------- market, phases, companies */

static void
check_market (Reader *r)
{
  const KolMarketDef *m = &r->title->market;
  gboolean any_par = FALSE;

  for (int row = 0; row < m->n_rows; row++)
    for (int col = 0; col < m->row_len[row]; col++)
      {
        const KolMarketCell *cell = &m->cells[row][col];

        if (!cell->present)
          continue;
        any_par = any_par || (cell->flags & KOL_CELL_PAR);
        if (cell->flags & (KOL_CELL_PHASE_ZONE | KOL_CELL_PAR_2))
          {
            g_autofree char *path = g_strdup_printf ("$.market.rows[%d][%d]", row, col);

            text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_MARKET_FLAG, path,
                          cell->flags & KOL_CELL_PHASE_ZONE ? "u" : "z");
          }
      }
  if (m->n_rows <= 1)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_MARKET_1D, "$.market", NULL);
  if (!any_par)
    text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_NO_PAR_CELL, "$.market", NULL);
}

/* Refuses the names in @names (@key of the object at @path) not in @allowed. */
static void
check_names (Reader            *r,
             GPtrArray         *names,
             const char        *path,
             const char        *key,
             const char *const *allowed)
{
  for (guint i = 0; names != NULL && i < names->len; i++)
    if (!g_strv_contains (allowed, g_ptr_array_index (names, i)))
      {
        g_autofree char *child = g_strdup_printf ("%s.%s[%u]", path, key, i);

        name_problem (r, child, g_ptr_array_index (names, i), allowed);
      }
}

static void
check_phases (Reader *r)
{
  static const char *const statuses[] = { "can_buy_companies", NULL };
  static const char *const events[] = { "close_companies", NULL };
  const KolTitle *t = r->title;

  if (t->n_colors == 0 || t->tile_colors[0] != KOL_COLOR_YELLOW)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_TILE_COLORS_YELLOW, "$.tile_colors", NULL);
  for (guint p = 0; p < t->n_phases; p++)
    {
      const KolPhaseDef *def = &t->phases[p];
      g_autofree char *path = g_strdup_printf ("$.phases[%u]", p);

      if (p == 0 && def->on >= 0)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_FIRST_PHASE_ON, path, NULL);
      if (p > 0 && def->on < 0)
        text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_PHASE_WITHOUT_ON, path, def->name);
      /* no limit would let a corporation buy more trains than a game holds */
      if (def->train_limit < 0)
        problem (r, KOL_CHECK_MISSING, path, "train_limit");
      if (p == 0 && !(def->tiles & (1u << KOL_COLOR_YELLOW)))
        text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_FIRST_PHASE_YELLOW, path, NULL);
      check_names (r, def->status, path, "status", statuses);
      check_names (r, def->events, path, "events", events);
    }
}

static void
check_corporations (Reader *r)
{
  static const char *const types[] = { "public", NULL };
  const KolTitle *t = r->title;

  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];
      g_autofree char *path = g_strdup_printf ("$.corporations[%u]", c);

      if (g_strcmp0 (def->type, "public") != 0)
        {
          g_autofree char *child = child_path (path, "type");

          name_problem (r, child, def->type, types);
        }
      if (def->home_choices != NULL)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_CORP_KEY, path, "home_choices");
      if (def->initial_tokens != NULL && def->initial_tokens->len > 0)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_CORP_KEY, path, "initial_tokens");
      if (def->token_fee > 0)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_CORP_KEY, path, "token_fee");
      if (def->par > 0)
        text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_CORP_KEY, path, "par");
      if (def->float_percent < 10)
        {
          g_autofree char *child = child_path (path, "float_percent");

          range_problem (r, child, def->float_percent, 10, 100);
        }
      if (def->home < 0)
        text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_CORP_NO_HOME, path, def->id);
      if (def->n_tokens == 0)
        text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_CORP_NO_TOKENS, path, def->id);
      for (int i = 2; i < def->n_shares; i++)
        if (def->shares[i] != def->shares[1])
          {
            text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_CORP_SHARES, path, def->id);
            break;
          }
    }
}

/* Can a corporation be started at all, and can a game end? */
static void
check_money (Reader             *r,
             const KolStdConfig *cfg)
{
  const KolTitle *t = r->title;
  const KolMarketDef *m = &t->market;
  int cheapest = G_MAXINT, president = 0;

  for (int row = 0; row < m->n_rows; row++)
    for (int col = 0; col < m->row_len[row]; col++)
      if (m->cells[row][col].present && (m->cells[row][col].flags & KOL_CELL_PAR))
        cheapest = MIN (cheapest, m->cells[row][col].price);
  for (guint c = 0; c < t->n_corps; c++)
    president = MAX (president, t->corps[c].n_shares > 0 ? t->corps[c].shares[0] : 0);
  if (cheapest < G_MAXINT && t->n_corps > 0 && (gint64) cheapest * president / 10 > t->starting_cash)
    {
      g_autofree char *value = g_strdup_printf ("%d", t->starting_cash);

      text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_PAR_TOO_DEAR, "$.starting_cash", value);
    }
  if (t->bank >= 0 && t->bank < t->n_players * t->starting_cash)
    {
      g_autofree char *value = g_strdup_printf ("%d", t->bank);

      text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_BANK_TOO_SMALL, "$.bank", value);
    }
  if (t->bank < 0 && cfg->end_after_or_set == 0)
    text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_BANK_UNLIMITED, "$.bank", "\"unlimited\"");
  if (t->cert_limit < 2)
    text_problem (r, KOL_CHECK_UNPLAYABLE, KOL_STD_TEXT_CERT_LIMIT, "$.cert_limit", NULL);
  if (t->n_players < 2 || t->n_players > KOL_MAX_PLAYERS)
    text_problem (r, KOL_CHECK_UNSUPPORTED, KOL_STD_TEXT_PLAYERS, "$.players", NULL);
}

/**
 * kol_std_config_read:
 * @check: (nullable): where problems go; NULL: just FALSE on the first
 *
 * Reads everything the standard module needs from @title.
 *
 * Returns: %TRUE when the title has nothing the module cannot play
 */
gboolean
kol_std_config_read (const KolTitle *title,
                     KolStdConfig   *cfg,
                     KolTitleCheck  *check)
{
  Reader r = { title, check, TRUE };
  gboolean towns_free = FALSE;

  memset (cfg, 0, sizeof *cfg);
  read_rules (&r, cfg, &towns_free);
  read_trains (&r, towns_free, cfg);
  read_privates (&r, cfg);
  check_market (&r);
  check_phases (&r);
  check_corporations (&r);
  check_money (&r, cfg);
  return r.ok;
}
