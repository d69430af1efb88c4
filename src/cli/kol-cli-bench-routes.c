/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kol-cli.h"
#include "kol-cli-route-boards.h"
#include "kol-record-import.h"

/*
 * koleya-cli bench-routes: the route optimiser timed on positions.
 *
 * Recorded positions: every kept run_routes action of the games given is
 * replayed up to the position before it, and the company's run is solved
 * with the rules and trains of the title's route hooks; the revenue found
 * is printed beside the one the record claims. Synthetic positions: dense
 * late-game boards of the real titles (kol-cli-route-boards.c), every
 * company with stations run.
 *
 * Each position is solved once with the self-check of debug builds, then
 * --repeat times without; its time is the median, in CPU time of the
 * solving thread (the machine may be busy; wall time is kept too). A
 * watchdog cancels a solve after --limit seconds: such a position counts as
 * not proven (the optimiser itself has no time limit).
 */

typedef struct
{
  char         *source;     /* file, or category */
  char         *what;       /* action and company, or board and company */
  int           group;
  int           board;      /* synthetic: the board within the group, else −1 */
  int           found;
  int           claimed;    /* −1: none */
  double        ms;
  double        wall_ms;
  gboolean      proven;
  KolRouteStats stats;
} Position;

typedef struct
{
  char    *name;
  gboolean recorded;
} Group;

typedef struct
{
  int        repeat;
  double     limit_s;
  gboolean   json;
  gboolean   verbose;
  GArray    *positions;   /* Position */
  GArray    *groups;      /* Group */
} Bench;

static void
position_clear (gpointer data)
{
  Position *p = data;

  g_free (p->source);
  g_free (p->what);
}

static void
group_clear (gpointer data)
{
  g_free (((Group *) data)->name);
}

static int
add_group (Bench      *b,
           const char *name,
           gboolean    recorded)
{
  Group gr = { g_strdup (name), recorded };

  g_array_append_val (b->groups, gr);
  return (int) b->groups->len - 1;
}

/* ---- timing ------------------------------------------------------------- */

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1000.0 + (double) ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

typedef struct
{
  gint     cancel;
  gint     done;
  gint64   deadline;
} Watch;

static gpointer
watchdog (gpointer data)
{
  Watch *w = data;

  while (!g_atomic_int_get (&w->done) && g_get_monotonic_time () < w->deadline)
    g_usleep (2000);
  g_atomic_int_set (&w->cancel, 1);
  return NULL;
}

/* One solve under the watchdog. */
static KolRouteResult *
solve_once (Bench               *b,
            const KolEngine     *engine,
            int                  corp,
            const KolRouteRules *rules,
            const KolRouteTrain *trains,
            int                  n_trains,
            gboolean             self_check,
            double              *ms,
            double              *wall_ms)
{
  Watch w = { 0, 0, g_get_monotonic_time () + (gint64) (b->limit_s * 1e6) };
  KolRouteSolveOpts opts = { &w.cancel, !self_check, FALSE };
  GThread *dog = g_thread_new ("bench-routes-watchdog", watchdog, &w);
  gint64 t0 = g_get_monotonic_time ();
  double c0 = cpu_ms ();
  KolRouteResult *r = kol_route_solve (engine, corp, rules, trains, n_trains, &opts, NULL);

  *ms = cpu_ms () - c0;
  *wall_ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
  g_atomic_int_set (&w.done, 1);
  g_thread_join (dog);
  return r;
}

/* Solves and records one position; its text line is printed at once. */
static void
measure (Bench               *b,
         int                  group,
         int                  board,
         const char          *source,
         const char          *what,
         const KolEngine     *engine,
         int                  corp,
         const KolRouteRules *rules,
         const KolRouteTrain *trains,
         int                  n_trains,
         int                  claimed)
{
  Position p = { g_strdup (source), g_strdup (what), group, board, 0, claimed };
  g_autofree double *ms = g_new (double, b->repeat), *wall = g_new (double, b->repeat);
  double first_ms, first_wall;
  int done = 0;

  {
    g_autoptr(KolRouteResult) r = solve_once (b, engine, corp, rules, trains, n_trains, TRUE,
                                              &first_ms, &first_wall);

    p.found = r ? r->total : 0;
    p.proven = r && r->proven;
    if (r)
      p.stats = r->stats;
  }
  for (; p.proven && done < b->repeat; done++)
    {
      g_autoptr(KolRouteResult) r = solve_once (b, engine, corp, rules, trains, n_trains, FALSE,
                                                &ms[done], &wall[done]);

      if (r == NULL || !r->proven)
        {
          p.proven = FALSE;
          break;
        }
    }
  if (done == 0)
    {
      ms[0] = first_ms;
      wall[0] = first_wall;
      done = 1;
    }
  qsort (ms, (gsize) done, sizeof (double), compare_doubles);
  qsort (wall, (gsize) done, sizeof (double), compare_doubles);
  p.ms = ms[done / 2];
  p.wall_ms = wall[done / 2];
  g_array_append_val (b->positions, p);

  if (b->json || (!b->verbose && claimed < 0))
    return;
  if (claimed >= 0)
    /* Translators: one recorded position: the game file, what runs (action
     * id, company, trains), the revenue found, the revenue the record
     * claims, the time in milliseconds. */
    g_print (_("%s: %s: found %d, claimed %d, %.3f ms"), source, what, p.found, claimed, p.ms);
  else
    /* Translators: one synthetic position: the category, the board and
     * company, the revenue found, the time in milliseconds. */
    g_print (_("%s: %s: found %d, %.3f ms"), source, what, p.found, p.ms);
  if (!p.proven)
    g_print (" %s", _("(not proven within the time limit)"));
  g_print ("\n");
}

/* ---- recorded positions ---------------------------------------------------- */

typedef struct
{
  Bench      *bench;
  KolRecord  *record;
  const char *path;
  int         group;
  guint       measured;
} Replay;

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static gboolean
is_run_routes (const KolRecordAction *action)
{
  return JSON_NODE_HOLDS_OBJECT (action->node) &&
         g_strcmp0 (member_string (json_node_get_object (action->node), "type"), "run_routes") == 0;
}

/* The revenue the record claims: the sum of its routes' revenues. */
static int
claimed_revenue (JsonObject *o)
{
  JsonNode *routes = json_object_get_member (o, "routes");
  int sum = 0;

  if (routes == NULL || !JSON_NODE_HOLDS_ARRAY (routes))
    return 0;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (routes)); i++)
    {
      JsonNode *r = json_array_get_element (json_node_get_array (routes), i);

      if (JSON_NODE_HOLDS_OBJECT (r) && json_object_has_member (json_node_get_object (r), "revenue"))
        sum += (int) json_object_get_int_member (json_node_get_object (r), "revenue");
    }
  return sum;
}

static void
measure_recorded (Replay                *rp,
                  KolEngine             *engine,
                  const KolRecordAction *action)
{
  JsonObject *o = json_node_get_object (action->node);
  const char *entity = member_string (o, "entity");
  int corp = entity ? kol_title_corp_by_id (engine->title, entity) : -1;
  const KolRouteHooks *hooks = engine->module ? engine->module->route_hooks : NULL;
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  gint16 own[KOL_ROUTE_MAX_TRAINS];
  int n_trains, n_own;
  g_autoptr(GString) what = g_string_new (NULL);

  if (corp < 0 || hooks == NULL || hooks->prepare == NULL)
    return;
  n_trains = hooks->prepare (engine, corp, &rules, trains, KOL_ROUTE_MAX_TRAINS);
  n_own = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), own, KOL_ROUTE_MAX_TRAINS);
  g_string_printf (what, "id %" G_GINT64_FORMAT " %s",
                   json_object_has_member (o, "id") ? json_object_get_int_member (o, "id") : -1, entity);
  for (int i = 0; i < n_own; i++)
    g_string_append_printf (what, "%s%s", i ? "+" : " ", kol_engine_train_name (engine, own[i]));
  measure (rp->bench, rp->group, -1, rp->path, what->str, engine, corp, &rules, trains, n_trains,
           claimed_revenue (o));
  rp->measured++;
}

/* After each action: if the next one runs routes, this is its position. */
static gboolean
on_step (KolHistory            *history,
         guint                  seq,
         const KolRecordAction *action,
         gpointer               data)
{
  Replay *rp = data;

  if (seq < rp->record->kept->len && is_run_routes (&g_array_index (rp->record->kept, KolRecordAction, seq)))
    measure_recorded (rp, kol_history_get_game (history),
                      &g_array_index (rp->record->kept, KolRecordAction, seq));
  return TRUE;
}

static guint
count_run_routes (KolRecord *record,
                  guint      from)
{
  guint n = 0;

  for (guint i = from; i < record->kept->len; i++)
    n += is_run_routes (&g_array_index (record->kept, KolRecordAction, i));
  return n;
}

static gboolean
bench_file (Bench      *b,
            const char *path,
            GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GBytes) bytes = kol_save_file_read (file, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_READ,
                                                error);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolEngine) initial = NULL;
  g_autoptr(KolHistory) history = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_auto(KolImportReport) report = { 0 };
  GDestroyNotify title_free = NULL;
  KolTitle *title;
  Replay rp = { b, NULL, path, -1, 0 };
  const char *data;
  gsize length;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  root = kol_save_file_parse_json (data, length, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_SYNTAX, error);
  if (root == NULL)
    return FALSE;
  record = kol_save_file_is_save (root) ? kol_save_file_to_record (root, error) : kol_record_parse_node (root, error);
  if (record == NULL)
    return FALSE;
  title = kol_record_load_title (record, NULL, NULL, notes, &title_free, error);
  if (title == NULL)
    return FALSE;
  initial = kol_engine_new (title, record->n_players, record->player_ids, (const char **) record->player_names,
                          kol_record_choose_seed (record, KOL_RECORD_SEED_AUTO, NULL), error);
  if (initial == NULL)
    {
      if (title_free)
        title_free (title);
      return FALSE;
    }
  rp.record = record;
  rp.group = add_group (b, path, TRUE);
  history = kol_history_new_from_game (NULL, initial);
  kol_record_replay (record, history, on_step, &rp, &report);
  if (report.stopped)
    {
      g_autofree char *why = kol_import_report_describe_stop (&report);
      guint missed = count_run_routes (record, report.failed_seq > 0 ? report.failed_seq - 1 : 0);

      g_printerr ("%s: %s\n", path, why);
      /* Translators: after a replay stopped early; %u is a number of
       * positions, %s the game file. */
      g_printerr (_("%s: %u positions after that action were not measured (the rules of the title "
                    "cannot replay this game yet)."), path, missed);
      g_printerr ("\n");
    }
  g_clear_object (&history);
  g_clear_pointer (&initial, kol_engine_free);
  if (title_free)
    title_free (title);
  return TRUE;
}

/* ---- synthetic positions -------------------------------------------------- */

typedef struct
{
  const char       *name;        /* N_() */
  const char       *title;
  int               players[3];  /* boards cycle through these counts */
  const char       *option;
  KolRouteBoardSpec spec;
} Category;

#define TRAMS "Y1|O1|R1|Pi1|Pu1"

/* Dense late-game boards: the map filled as far as the supply goes; 1840
 * with as many lines as the player count allows (three per tram company)
 * with up to six stations each, plus the Stadtbahn companies; 1849 with
 * every corporation's three stations and the train sets of the phases. */
static const Category categories[] = {
  { N_("1840, 2 players (small map)"), "1840", { 2, 2, 2 }, NULL,
    { -1, 1, 6, 6, TRAMS, "line city", 0, 80, 70 } },
  { N_("1840, 3 players (small map)"), "1840", { 3, 3, 3 }, "three_player_small",
    { -1, 1, 6, 9, TRAMS, "line city", 0, 80, 70 } },
  { N_("1840, 3 players"), "1840", { 3, 3, 3 }, NULL,
    { -1, 1, 6, 9, TRAMS, "line city", 0, 80, 70 } },
  { N_("1840, 4 players"), "1840", { 4, 4, 4 }, NULL,
    { -1, 1, 6, 12, TRAMS, "line city", 0, 80, 70 } },
  { N_("1840, 5 players"), "1840", { 5, 5, 5 }, NULL,
    { -1, 1, 6, 15, TRAMS, "line city", 0, 80, 70 } },
  { N_("1840, 6 players"), "1840", { 6, 6, 6 }, NULL,
    { -1, 1, 6, 18, TRAMS, "line city", 0, 80, 70 } },
  { N_("1849, early: 4H×4"), "1849", { 3, 4, 5 }, NULL,
    { 1, 1, 3, 0, "4H 4H 4H 4H", "public", 0, 80, 0 } },
  { N_("1849, late: 12H + 16H"), "1849", { 3, 4, 5 }, NULL,
    { -1, 3, 3, 0, "12H 16H", "public", 0, 80, 0 } },
  { N_("1849, late: 16H + E"), "1849", { 3, 4, 5 }, "bonds acquiring_station_tokens electric_dreams",
    { -1, 3, 3, 0, "16H E", "public", 0, 80, 0 } },
  { N_("1849, late: R6H + 16H"), "1849", { 3, 4, 5 }, NULL,
    { -1, 3, 3, 0, "R6H 16H", "public", 0, 80, 0 } },
};

static gboolean
bench_category (Bench          *b,
                const Category *cat,
                int             n_boards,
                guint32         seed,
                GError        **error)
{
  const char *name = _(cat->name);
  int group = add_group (b, name, FALSE);

  for (int i = 0; i < n_boards; i++)
    {
      int players = cat->players[i % 3];
      g_auto(GStrv) options = cat->option ? g_strsplit (cat->option, " ", -1) : g_new0 (char *, 1);
      GDestroyNotify title_free = NULL;
      KolTitle *title = kol_save_file_load_title (cat->title, players, (const char * const *) options, NULL, &title_free, error);
      g_autoptr(KolRouteBoard) board = NULL;

      if (title == NULL)
        return FALSE;
      board = kol_route_board_new (title, &cat->spec, seed + (guint32) i, error);
      if (board == NULL)
        {
          if (title_free)
            title_free (title);
          return FALSE;
        }
      if (b->verbose && !b->json)
        {
          int colors[KOL_N_COLORS] = { 0 };
          GString *line = g_string_new (NULL);

          for (guint h = 0; h < title->n_hexes; h++)
            if (board->engine->hexes[h].copy >= 0)
              colors[title->tiles[board->engine->hexes[h].tile].color]++;
          for (int c = 0; c < KOL_N_COLORS; c++)
            if (colors[c])
              g_string_append_printf (line, " %s %d", kol_color_to_string ((KolColor) c), colors[c]);
          /* Translators: a synthetic board: its seed, the tiles laid (a
           * list of colour names and counts) and the stations placed. */
          g_print (_("%s: seed %u: tiles laid:%s; %d stations"), name, seed + (guint32) i, line->str,
                   board->stations);
          g_print ("\n");
          g_string_free (line, TRUE);
        }
      for (int r = 0; r < board->n_runs; r++)
        {
          const KolRouteBoardRun *run = &board->runs[r];
          g_autofree char *what = g_strdup_printf ("seed %u %s", seed + (guint32) i, run->label);

          measure (b, group, i, name, what, board->engine, run->corp, &run->rules, run->trains, run->n_trains, -1);
        }
      g_clear_pointer (&board, kol_route_board_free);
      if (title_free)
        title_free (title);
    }
  return TRUE;
}

/* ---- the report ------------------------------------------------------------- */

typedef struct
{
  int    n;
  double median, p95, max;
  int    below, above, unproven;
  int    boards;                       /* synthetic: boards, and the time of */
  double board_median, board_p95, board_max;  /* all the runs of one board */
} Summary;

static double
percentile (const double *sorted,
            int           n,
            double        p)
{
  return sorted[CLAMP ((int) (p * (n - 1) + 0.5), 0, n - 1)];
}

/* The time of each synthetic board of @group (all its companies' runs). */
static void
summarize_boards (Bench   *b,
                  int      group,
                  Summary *s)
{
  g_autoptr(GArray) sums = g_array_new (FALSE, TRUE, sizeof (double));

  for (guint i = 0; i < b->positions->len; i++)
    {
      const Position *p = &g_array_index (b->positions, Position, i);

      if (p->group != group || p->board < 0)
        continue;
      if ((guint) p->board >= sums->len)
        g_array_set_size (sums, (guint) p->board + 1);
      g_array_index (sums, double, p->board) += p->ms;
    }
  s->boards = (int) sums->len;
  if (s->boards == 0)
    return;
  qsort (sums->data, sums->len, sizeof (double), compare_doubles);
  s->board_median = percentile ((double *) sums->data, s->boards, 0.5);
  s->board_p95 = percentile ((double *) sums->data, s->boards, 0.95);
  s->board_max = g_array_index (sums, double, sums->len - 1);
}

static void
summarize (Bench   *b,
           int      group,
           Summary *s)
{
  g_autofree double *ms = g_new (double, MAX (b->positions->len, 1));

  memset (s, 0, sizeof *s);
  for (guint i = 0; i < b->positions->len; i++)
    {
      const Position *p = &g_array_index (b->positions, Position, i);

      if (group >= 0 && p->group != group)
        continue;
      if (group == -2 && !g_array_index (b->groups, Group, p->group).recorded)
        continue;
      if (group == -3 && g_array_index (b->groups, Group, p->group).recorded)
        continue;
      ms[s->n++] = p->ms;
      s->unproven += !p->proven;
      if (p->claimed >= 0)
        {
          s->below += p->found < p->claimed;
          s->above += p->found > p->claimed;
        }
    }
  if (s->n == 0)
    return;
  qsort (ms, (gsize) s->n, sizeof (double), compare_doubles);
  s->median = percentile (ms, s->n, 0.5);
  s->p95 = percentile (ms, s->n, 0.95);
  s->max = ms[s->n - 1];
  if (group >= 0)
    summarize_boards (b, group, s);
}

static void
print_summary_line (const char    *name,
                    const Summary *s,
                    gboolean       recorded)
{
  if (s->n == 0)
    return;
  /* Translators: a summary line: the category or file, the number of
   * positions, then the median, 95th percentile and maximum time in
   * milliseconds. */
  g_print (_("%s: %d positions, median %.3f ms, p95 %.3f ms, max %.3f ms"), name, s->n, s->median, s->p95,
           s->max);
  if (recorded)
    /* Translators: appended to a summary line of recorded games: in how
     * many positions the optimum was below and above the claimed revenue. */
    g_print (_("; found below claimed %d, above %d"), s->below, s->above);
  if (s->unproven)
    /* Translators: appended to a summary line; %d is a number of positions. */
    g_print (_("; %d not proven within the time limit"), s->unproven);
  g_print ("\n");
  if (s->boards > 0)
    {
      /* Translators: a second summary line for synthetic boards: the number
       * of boards, then the median, 95th percentile and maximum time in
       * milliseconds of all the runs of one board. */
      g_print (_("  per board (every company run): %d boards, median %.3f ms, p95 %.3f ms, max %.3f ms"),
               s->boards, s->board_median, s->board_p95, s->board_max);
      g_print ("\n");
    }
}

static JsonNode *
summary_json (const char    *name,
              const Summary *s,
              gboolean       recorded)
{
  g_autoptr(JsonObject) o = json_object_new ();

  if (name)
    json_object_set_string_member (o, "name", name);
  json_object_set_int_member (o, "positions", s->n);
  json_object_set_double_member (o, "median_ms", s->median);
  json_object_set_double_member (o, "p95_ms", s->p95);
  json_object_set_double_member (o, "max_ms", s->max);
  json_object_set_int_member (o, "unproven", s->unproven);
  if (recorded)
    {
      json_object_set_int_member (o, "found_below_claimed", s->below);
      json_object_set_int_member (o, "found_above_claimed", s->above);
    }
  if (s->boards > 0)
    {
      json_object_set_int_member (o, "boards", s->boards);
      json_object_set_double_member (o, "board_median_ms", s->board_median);
      json_object_set_double_member (o, "board_p95_ms", s->board_p95);
      json_object_set_double_member (o, "board_max_ms", s->board_max);
    }
  return json_node_init_object (json_node_alloc (), o);
}

static JsonNode *
position_json (Bench          *b,
               const Position *p)
{
  g_autoptr(JsonObject) o = json_object_new ();
  const Group *gr = &g_array_index (b->groups, Group, p->group);

  json_object_set_string_member (o, gr->recorded ? "file" : "category", p->source);
  json_object_set_string_member (o, "position", p->what);
  json_object_set_int_member (o, "found", p->found);
  if (p->claimed >= 0)
    json_object_set_int_member (o, "claimed", p->claimed);
  else
    json_object_set_null_member (o, "claimed");
  json_object_set_double_member (o, "ms", p->ms);
  json_object_set_double_member (o, "wall_ms", p->wall_ms);
  json_object_set_boolean_member (o, "proven", p->proven);
  json_object_set_int_member (o, "vertices", p->stats.vertices);
  json_object_set_int_member (o, "chains", p->stats.chains);
  json_object_set_int_member (o, "arms", (gint64) p->stats.arms);
  json_object_set_int_member (o, "extensions", (gint64) p->stats.extensions);
  json_object_set_int_member (o, "bounds", (gint64) p->stats.bounds);
  json_object_set_int_member (o, "pruned", (gint64) p->stats.pruned);
  json_object_set_int_member (o, "pairs", (gint64) p->stats.pairs);
  json_object_set_int_member (o, "candidates", (gint64) p->stats.candidates);
  json_object_set_int_member (o, "bb_nodes", (gint64) p->stats.bb_nodes);
  return json_node_init_object (json_node_alloc (), o);
}

static void
report (Bench *b)
{
  Summary s;

  if (b->json)
    {
      g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
      JsonObject *o = json_object_new (), *sum;
      JsonNode *sum_node;
      JsonArray *positions = json_array_new (), *groups = json_array_new ();
      g_autofree char *text = NULL;

      json_node_take_object (root, o);
      for (guint i = 0; i < b->positions->len; i++)
        json_array_add_element (positions, position_json (b, &g_array_index (b->positions, Position, i)));
      json_object_set_array_member (o, "positions", positions);
      summarize (b, -1, &s);
      sum_node = summary_json (NULL, &s, FALSE);
      sum = json_node_get_object (sum_node);
      summarize (b, -2, &s);
      json_object_set_member (sum, "recorded", summary_json (NULL, &s, TRUE));
      summarize (b, -3, &s);
      json_object_set_member (sum, "synthetic", summary_json (NULL, &s, FALSE));
      for (guint i = 0; i < b->groups->len; i++)
        {
          const Group *gr = &g_array_index (b->groups, Group, i);

          summarize (b, (int) i, &s);
          json_array_add_element (groups, summary_json (gr->name, &s, gr->recorded));
        }
      json_object_set_array_member (sum, "groups", groups);
      json_object_set_member (o, "summary", sum_node);
      text = json_to_string (root, TRUE);
      g_print ("%s\n", text);
      return;
    }
  for (guint i = 0; i < b->groups->len; i++)
    {
      const Group *gr = &g_array_index (b->groups, Group, i);

      summarize (b, (int) i, &s);
      print_summary_line (gr->name, &s, gr->recorded);
    }
  summarize (b, -2, &s);
  print_summary_line (_("All recorded positions"), &s, TRUE);
  summarize (b, -3, &s);
  print_summary_line (_("All synthetic positions"), &s, FALSE);
}

/**
 * kol_cli_bench_routes:
 *
 * `koleya-cli bench-routes [FILE…] [--synthetic] [--json]`: times the
 * route optimiser on the run_routes positions of recorded games and on
 * synthetic late-game boards.
 *
 * Returns: a #KolCliExit status: failure when a file cannot be read, a
 * position is not proven, or the optimum is below a claimed revenue.
 */
int
kol_cli_bench_routes (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE…]"));
  g_autoptr(GError) error = NULL;
  gboolean synthetic = FALSE, json = FALSE, verbose = FALSE;
  int repeat = 5, boards = 10, seed = 1;
  double limit = 60;
  g_autofree char *only = NULL;
  Bench b = { 0 };
  Summary s;
  int status = KOL_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "synthetic", 0, 0, G_OPTION_ARG_NONE, &synthetic,
      N_("Also time dense late-game boards of the titles (the default without files)"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print a JSON object with the positions (found, claimed, ms) and a summary"), NULL },
    { "repeat", 'n', 0, G_OPTION_ARG_INT, &repeat, N_("Solve each position N times (default 5)"), N_("N") },
    { "boards", 0, 0, G_OPTION_ARG_INT, &boards, N_("Synthetic boards per category (default 10)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the first synthetic board (default 1)"), N_("N") },
    { "category", 0, 0, G_OPTION_ARG_STRING, &only,
      N_("Only the synthetic categories whose name contains TEXT"), N_("TEXT") },
    { "limit", 0, 0, G_OPTION_ARG_DOUBLE, &limit,
      N_("Give up on a position after SECONDS (default 60)"), N_("SECONDS") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("Print every synthetic position"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Times the exact route optimiser on every run_routes position of "
                                           "games exported from 18xx.games (or Koleya saves), printing the "
                                           "revenue found, the revenue claimed and the time, and on synthetic "
                                           "dense late-game boards; then the median, 95th percentile and "
                                           "maximum."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (repeat < 1 || repeat > 1000 || boards < 1 || boards > 10000 || limit <= 0)
    {
      g_printerr ("%s\n", _("The repeat count must be 1 to 1000, the boards 1 to 10000, the limit above 0."));
      return KOL_CLI_EXIT_USAGE;
    }
  b.repeat = repeat;
  b.limit_s = limit;
  b.json = json;
  b.verbose = verbose;
  b.positions = g_array_new (FALSE, TRUE, sizeof (Position));
  g_array_set_clear_func (b.positions, position_clear);
  b.groups = g_array_new (FALSE, TRUE, sizeof (Group));
  g_array_set_clear_func (b.groups, group_clear);

  for (int i = 1; i < argc; i++)
    {
      g_clear_error (&error);
      if (!bench_file (&b, argv[i], &error))
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          status = KOL_CLI_EXIT_FAILURE;
        }
    }
  if (synthetic || argc < 2)
    for (gsize i = 0; i < G_N_ELEMENTS (categories); i++)
      {
        if (only && strstr (categories[i].name, only) == NULL && strstr (_(categories[i].name), only) == NULL)
          continue;
        g_clear_error (&error);
        if (!bench_category (&b, &categories[i], boards, (guint32) seed, &error))
          {
            g_printerr ("%s: %s\n", _(categories[i].name), error->message);
            status = KOL_CLI_EXIT_FAILURE;
          }
      }
  report (&b);
  summarize (&b, -1, &s);
  if (s.unproven || s.below)
    status = KOL_CLI_EXIT_FAILURE;
  g_array_unref (b.positions);
  g_array_unref (b.groups);
  return status;
}
