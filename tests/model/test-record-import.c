/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-display-text.h"
#include "kol-engine-policy.h"
#include "kol-game.h"
#include "kol-engine-round.h"
#include "kol-record-import.h"
#include "kol-state-dump.h"
#include "kol-test-game.h"

/* Reading 18xx.games records (18xx-games-format.md): undo/redo filtering
 * exactly as 18xx.games filters them (§2), seeds (§4.2),
 * players, optional rules and results; refusals of broken records. */

static KolRecord *
parse (const char *json,
       GError    **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (json, strlen (json));

  return kol_record_parse (bytes, error);
}

/* A record of 1849 for three players with the given actions. */
static char *
record_with_actions (const char *actions)
{
  return g_strdup_printf ("{\"id\":27939,\"title\":\"1849\",\"players\":[{\"id\":1,\"name\":\"A\"},"
                          "{\"id\":2,\"name\":\"B\"},{\"id\":3,\"name\":\"C\"}],"
                          "\"settings\":{\"seed\":27939,\"optional_rules\":[]},\"actions\":[%s]}", actions);
}

typedef struct
{
  const char *actions;   /* the record's actions */
  const char *kept;      /* ids of the kept actions, "" for none; NULL: refused */
} FilterCase;

#define A(id) "{\"type\":\"pass\",\"entity\":1,\"id\":" #id "}"
#define M(id) "{\"type\":\"message\",\"entity\":1,\"id\":" #id ",\"message\":\"hi\"}"
#define L(id) "{\"type\":\"log\",\"entity\":1,\"id\":" #id ",\"message\":\"note\"}"
#define U(id) "{\"type\":\"undo\",\"entity\":1,\"id\":" #id "}"
#define UT(id, to) "{\"type\":\"undo\",\"entity\":1,\"id\":" #id ",\"action_id\":" #to "}"
#define R(id) "{\"type\":\"redo\",\"entity\":1,\"id\":" #id "}"

static const FilterCase filter_cases[] = {
  { A (1) "," A (2) "," U (3), "1" },
  { A (1) "," A (2) "," U (3) "," R (4), "1 2" },
  { A (1) "," M (2) "," A (3) "," U (4), "1 2" },              /* messages are never undone */
  { A (1) "," A (2) "," U (3) "," M (4) "," R (5), "1 2 4" },
  { A (1) "," A (2) "," A (3) "," UT (4, 1), "1" },
  { A (1) "," M (2) "," A (3) "," UT (4, 0), "2" },            /* action_id 0: everything */
  { A (1) "," A (2) "," U (3) "," U (4) "," R (5), "1" },
  { A (1) "," A (2) "," U (3) "," U (4) "," R (5) "," R (6), "1 2" },
  { A (1) "," A (2) "," U (3) "," A (4) "," U (5), "1" },
  { A (1) "," L (2) "," U (3), "1" },                          /* log is an ordinary action */
  { A (1) "," A (2) "," A (3) "," UT (4, 3), "1 2 3" },        /* nothing after 3 */
  { U (1) "," A (2), "2" },                                    /* nothing to undo */
  /* id 2 is no longer kept but is still found: the undo goes back to after it */
  { A (1) "," A (2) "," UT (3, 1) "," A (4) "," UT (5, 2) "," A (6), "1 6" },
  { "{\"type\":\"pass\",\"entity\":1,\"id\":1,\"skip\":true}," A (2), "1 2" },   /* legacy skip ignored */
  { A (1) "," A (2) "," U (3) "," A (4) "," R (5), NULL },     /* the new action cleared the redo */
  { A (1) "," UT (2, 77), NULL },                              /* no such action */
  { A (1) ",{\"entity\":1,\"id\":2}", NULL },                  /* no type */
};

static void
test_filtering (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (filter_cases); i++)
    {
      const FilterCase *c = &filter_cases[i];
      g_autofree char *json = record_with_actions (c->actions);
      g_autoptr(GError) error = NULL;
      g_autoptr(KolRecord) r = parse (json, &error);
      g_autoptr(GString) kept = g_string_new (NULL);

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, c->actions);
      if (c->kept == NULL)
        {
          g_assert_null (r);
          g_assert_error (error, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_INVALID);
          g_test_message ("  → %s", error->message);
          continue;
        }
      g_assert_no_error (error);
      for (guint k = 0; k < r->kept->len; k++)
        {
          JsonNode *node = g_array_index (r->kept, KolRecordAction, k).node;

          g_string_append_printf (kept, "%s%" G_GINT64_FORMAT, k ? " " : "",
                                  json_object_get_int_member (json_node_get_object (node), "id"));
        }
      g_assert_cmpstr (kept->str, ==, c->kept);
    }
}

typedef struct
{
  const char       *record;
  KolRecordSeedMode mode;
  gint64            seed;
  gboolean          noted;
} SeedCase;

static const SeedCase seed_cases[] = {
  { "{\"id\":5,\"settings\":{\"seed\":77},\"created_at\":1750000000", KOL_RECORD_SEED_AUTO, 77, FALSE },
  { "{\"id\":5,\"settings\":{\"seed\":\"\"},\"created_at\":1750000000", KOL_RECORD_SEED_AUTO, 5, TRUE },
  { "{\"id\":5,\"created_at\":1750000000", KOL_RECORD_SEED_SETTINGS, 5, TRUE },
  { "{\"id\":\"hs_vvjzmfsd_16011119677\",\"settings\":{\"seed\":\"\"}", KOL_RECORD_SEED_AUTO,
    G_GINT64_CONSTANT (16011119677), TRUE },
  /* before 2024 the engine seeded from the game id whatever the settings */
  { "{\"id\":133875,\"settings\":{\"seed\":999},\"created_at\":1693828544", KOL_RECORD_SEED_AUTO, 133875, TRUE },
  { "{\"id\":133875,\"settings\":{\"seed\":999},\"created_at\":1693828544", KOL_RECORD_SEED_SETTINGS, 999, FALSE },
  { "{\"id\":133875,\"settings\":{\"seed\":133875},\"created_at\":1693828544", KOL_RECORD_SEED_AUTO, 133875, FALSE },
  { "{\"id\":218809,\"settings\":{\"seed\":999},\"created_at\":1754211112", KOL_RECORD_SEED_GAME_ID, 218809, TRUE },
  { "{\"id\":218809,\"settings\":{\"seed\":-12},\"created_at\":1754211112", KOL_RECORD_SEED_AUTO, -12, FALSE },
  { "{\"id\":\"x99999999999999999999999999\",\"settings\":{}", KOL_RECORD_SEED_AUTO,
    /* too long for 64 bits: kept modulo 2^31, all the generator uses */
    G_GINT64_CONSTANT (1677721599), TRUE },
};

static void
test_seeds (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (seed_cases); i++)
    {
      const SeedCase *c = &seed_cases[i];
      g_autofree char *json = g_strdup_printf ("%s,\"title\":\"1849\",\"players\":[{\"id\":1}],"
                                               "\"actions\":[]}", c->record);
      g_autoptr(GError) error = NULL;
      g_autoptr(KolRecord) r = parse (json, &error);
      g_autofree char *note = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, json);
      g_assert_no_error (error);
      g_assert_cmpint (kol_record_choose_seed (r, c->mode, &note), ==, c->seed);
      g_assert_true ((note != NULL) == c->noted);
    }
}

/* The documented draws of the shared 1849 records (§4.2 table): one draw
 * per corporation in file order, sorted ascending. */
static void
test_seed_draws (void)
{
  static const struct { gint64 seed; gboolean delay_ift; const char *order; } draws[] = {
    { 27939, FALSE, "SFA IFT ATA CTL AFG RCS" },
    { 814263386, TRUE, "RCS ATA SFA IFT AFG CTL" },
  };
  static const char *const corps[] = { "AFG", "ATA", "CTL", "IFT", "RCS", "SFA" };
  g_autoptr(KolTitle) title = kol_test_load_title ("1849", 3);

  for (gsize i = 0; i < G_N_ELEMENTS (draws); i++)
    {
      g_autoptr(KolEngine) engine = kol_engine_new (title, 3, NULL, NULL, draws[i].seed, NULL);
      guint32 value[6];
      int order[6] = { 0, 1, 2, 3, 4, 5 };
      g_autoptr(GString) got = g_string_new (NULL);

      /* kol_engine_new ran the title's setup, which may have drawn: start over */
      engine->rng = (guint32) (draws[i].seed % G_GINT64_CONSTANT (2147483648));
      for (int k = 0; k < 6; k++)
        value[k] = kol_engine_rand (engine);
      for (int a = 0; a < 6; a++)
        for (int b = a + 1; b < 6; b++)
          if (value[order[b]] < value[order[a]])
            {
              int t = order[a];
              order[a] = order[b];
              order[b] = t;
            }
      /* delay_ift: IFT drawn among the first three swaps with the fourth */
      for (int k = 0; draws[i].delay_ift && k < 3; k++)
        if (order[k] == 3)
          {
            order[k] = order[3];
            order[3] = 3;
          }
      for (int k = 0; k < 6; k++)
        g_string_append_printf (got, "%s%s", k ? " " : "", corps[order[k]]);
      g_assert_cmpstr (got->str, ==, draws[i].order);
    }
}

typedef struct
{
  const char *json;
  int         code;
  const char *in_message;
} BadRecord;

static const BadRecord bad_records[] = {
  { "[1,2]", KOL_RECORD_IMPORT_ERROR_FORMAT, "18xx.games" },
  { "{\"title\":\"1849\",\"players\":[]}", KOL_RECORD_IMPORT_ERROR_FORMAT, "18xx.games" },
  { "{\"title\":1849,\"players\":[],\"actions\":[]}", KOL_RECORD_IMPORT_ERROR_FORMAT, "18xx.games" },
  { "{\"title\":\"1849\",\"players\":[],\"actions\":[]}", KOL_RECORD_IMPORT_ERROR_INVALID, "0 players" },
  { "{\"title\":\"1849\",\"players\":[{\"id\":1},{\"id\":1}],\"actions\":[]}", KOL_RECORD_IMPORT_ERROR_INVALID,
    "same id" },
  { "{\"title\":\"1849\",\"players\":[{\"id\":\"abc\"}],\"actions\":[]}", KOL_RECORD_IMPORT_ERROR_INVALID,
    "valid id" },
  { "{\"title\":\"1849\",\"players\":[{\"id\":1}],\"settings\":{\"seed\":\"x\"},\"actions\":[]}",
    KOL_RECORD_IMPORT_ERROR_INVALID, "seed" },
  { "{\"title\":\"1849\",\"players\":[{\"id\":1}],\"settings\":{\"optional_rules\":[3]},\"actions\":[]}",
    KOL_RECORD_IMPORT_ERROR_INVALID, "optional" },
  { "{\"title\":\"1849\",\"players\":[{\"id\":1}],\"actions\":[]", KOL_RECORD_IMPORT_ERROR_SYNTAX, "line 1" },
  { "{\"title\":\"1849\",\"title\":\"1840\",\"players\":[{\"id\":1}],\"actions\":[]}",
    KOL_RECORD_IMPORT_ERROR_SYNTAX, "" },
  { "", KOL_RECORD_IMPORT_ERROR_SYNTAX, "" },
  /* a Koleya save given to the importer is named as one, a damaged one as
   * a damaged save (the window's Import takes any file) */
  { "{\"format\":\"koleya-save\",\"version\":1,\"title\":{\"id\":\"1849\"},\"players\":[],\"actions\":[]}",
    KOL_RECORD_IMPORT_ERROR_FORMAT, "This is a Koleya save" },
  { "{\"format\":\"koleya-sav\",\"version\":1,\"title\":{\"id\":\"1849\"},\"players\":[],\"actions\":[]}",
    KOL_RECORD_IMPORT_ERROR_FORMAT, "This Koleya save is damaged" },
  { "{\"format\":1,\"title\":\"1849\",\"players\":[]}", KOL_RECORD_IMPORT_ERROR_FORMAT, "damaged" },
};

static void
test_bad_records (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_records); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KolRecord) r = parse (bad_records[i].json, &error);

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, bad_records[i].json);
      g_assert_null (r);
      g_assert_error (error, KOL_RECORD_IMPORT_ERROR, bad_records[i].code);
      g_test_message ("  → %s", error->message);
      g_assert_nonnull (strstr (error->message, bad_records[i].in_message));
    }
}

static void
test_players_and_result (void)
{
  const char *json = "{\"id\":1,\"title\":\"1849\",\"players\":[{\"id\":341,\"name\":\"Ann\"},{\"id\":\"6961\","
                     "\"name\":\"ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ\"}],"
                     "\"result\":{\"341\":12,\"6961\":-750},\"game_end_reason\":\"bank\",\"actions\":[]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) r = parse (json, &error);

  g_assert_no_error (error);
  g_assert_cmpint (r->n_players, ==, 2);
  g_assert_cmpint (r->player_ids[0], ==, 341);
  g_assert_cmpint (r->player_ids[1], ==, 6961);
  g_assert_cmpstr (r->player_names[0], ==, "Ann");
  /* cut to what the engine keeps, on a character boundary */
  g_assert_cmpuint (strlen (r->player_names[1]), <=, 63);
  g_assert_true (g_utf8_validate (r->player_names[1], -1, NULL));
  g_assert_nonnull (r->result);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (r->result), "6961"), ==, -750);
  g_assert_cmpstr (r->end_reason, ==, "bank");
}

/* An optional rule that does nothing at this player count is left out with
 * a note (1849's reduced_4p_corps outside 4 players); a title Koleya does
 * not have is refused. */
static void
test_setup (void)
{
  const char *json = "{\"id\":9,\"title\":\"1849\",\"players\":[{\"id\":1},{\"id\":2},{\"id\":3}],"
                     "\"settings\":{\"seed\":9,\"optional_rules\":[\"reduced_4p_corps\",\"delay_ift\"]},"
                     "\"actions\":[]}";
  const char *other = "{\"id\":9,\"title\":\"1830\",\"players\":[{\"id\":1},{\"id\":2},{\"id\":3}],"
                      "\"actions\":[]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) r = parse (json, &error);
  g_autoptr(KolRecord) r2 = NULL;
  g_autoptr(KolHistory) h = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_auto(KolImportReport) report2 = { 0 };
  gboolean noted = FALSE;

  g_assert_no_error (error);
  h = kol_record_import (r, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);
  g_assert_true (kol_title_has_option (kol_history_get_title (h), "delay_ift"));
  g_assert_false (kol_title_has_option (kol_history_get_title (h), "reduced_4p_corps"));
  for (guint i = 0; i < report.notes->len; i++)
    noted |= strstr (g_ptr_array_index (report.notes, i), "reduced_4p_corps") != NULL;
  g_assert_true (noted);
  g_assert_cmpint (kol_history_get_game (h)->seed, ==, 9);
  g_assert_cmpint (kol_history_get_game (h)->players[2].id, ==, 3);

  r2 = parse (other, &error);
  g_assert_no_error (error);
  g_assert_null (kol_record_import (r2, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report2, &error));
  g_assert_error (error, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_TITLE);
  g_assert_nonnull (strstr (error->message, "1830"));
}

/* A replay stops at the first action it cannot process, says which and
 * why, and keeps the state before it. */
static void
test_stop (void)
{
  /* nothing is laid before the private auction, in any rules */
  g_autofree char *json = record_with_actions (
    "{\"type\":\"lay_tile\",\"entity\":\"AFG\",\"entity_type\":\"corporation\",\"id\":4,"
    "\"hex\":\"D6\",\"tile\":\"9-0\",\"rotation\":2}");
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) r = parse (json, &error);
  g_autoptr(KolHistory) h = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autofree char *why = NULL;
  g_autoptr(KolEngine) initial = NULL;

  g_assert_no_error (error);
  h = kol_record_import (r, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  g_assert_true (report.stopped);
  g_assert_cmpuint (report.n_processed, ==, 0);
  g_assert_cmpuint (report.failed_seq, ==, 1);
  g_assert_cmpuint (report.failed_index, ==, 0);
  g_assert_cmpint (report.failed_id, ==, 4);
  g_assert_cmpstr (report.failed_type, ==, "lay_tile");
  g_assert_error (report.error, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_REPLAY);
  why = kol_import_report_describe_stop (&report);
  g_test_message ("%s", why);
  g_assert_nonnull (strstr (why, "id 4"));
  /* the JSON path only for developers */
  g_assert_null (strstr (why, "$.actions"));
  g_clear_pointer (&why, g_free);
  kol_display_set_verbose (TRUE);
  why = kol_import_report_describe_stop (&report);
  kol_display_set_verbose (FALSE);
  g_assert_nonnull (strstr (why, "$.actions[0]"));
  g_assert_cmpuint (kol_history_get_n_actions (h), ==, 0);
  initial = kol_history_dup_game_at (h, 0, NULL);
  g_assert_true (kol_test_games_equal (initial, kol_history_get_game (h)));
}

/* A record older than a change of 18xx.games' rules of
 * its title that stops says so, with the action and the step, never a
 * bare refusal. */
static void
test_stop_predates_rules_change (void)
{
  g_autofree char *actions = record_with_actions (
    "{\"type\":\"lay_tile\",\"entity\":\"AFG\",\"entity_type\":\"corporation\",\"id\":4,"
    "\"hex\":\"D6\",\"tile\":\"9-0\",\"rotation\":2}");
  /* made on 1 February 2021 */
  g_autofree char *json = g_strdup_printf ("{\"created_at\":1612137600,%s", actions + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) r = parse (json, &error);
  g_autoptr(KolHistory) h = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autofree char *why = NULL;

  g_assert_no_error (error);
  h = kol_record_import (r, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  g_assert_true (report.stopped);
  why = kol_import_report_describe_stop (&report);
  g_test_message ("%s", why);
  g_assert_nonnull (strstr (why, "id 4"));
  g_assert_nonnull (strstr (why, "lay_tile"));
  g_assert_nonnull (strstr (why, "in the step “"));
  g_assert_nonnull (strstr (why, "2021-02-01"));
  g_assert_nonnull (strstr (why, "predates a change of the rules"));
}

/* Export back to the 18xx.games format: the record imports to the same
 * game, with the same result. */
static void
test_export (void)
{
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolRecord) again = NULL;
  g_autoptr(KolHistory) h = NULL;
  g_autoptr(KolHistory) h2 = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_auto(KolImportReport) report2 = { 0 };
  JsonObject *o;

  if (shared == NULL)
    {
      g_test_skip ("../shared/fixtures is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", "1849-27939.json", NULL);
  file = g_file_new_for_path (path);
  record = kol_record_load (file, &error);
  g_assert_no_error (error);
  h = kol_record_import (record, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);

  exported = kol_record_export (h);
  o = json_node_get_object (exported);
  g_assert_cmpstr (json_object_get_string_member (o, "title"), ==, "1849");
  g_assert_cmpint (json_object_get_int_member (o, "id"), ==, 27939);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "actions")), ==, record->kept->len);
  /* the hidden compatibility option is Koleya's, not a rule of the game */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (o, "settings"), "optional_rules")), ==, 0);

  again = kol_record_parse_node (exported, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->kept->len, ==, record->kept->len);
  h2 = kol_record_import (again, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report2.n_processed, ==, report.n_processed);
  g_assert_true (kol_test_games_equal (kol_history_get_game (h), kol_history_get_game (h2)));
  if (report.finished)
    g_assert_true (json_node_equal (json_object_get_member (o, "result"), report.result));
}

/* 18xx.games renamed 1840's private companies in
 * February 2022 ("Karlskirche" became KK); a record of 2021 names them the
 * old way and replays as one of today. */
static void
test_former_company_ids (void)
{
  static const char *const renames[][2] = {
    { "PR", "Prater" }, { "KK", "Karlskirche" }, { "SB", "Schloss Belvedere" },
    { "HB", "Hofburg" }, { "SD", "Stephansdom" }, { "SSB", "Schloss Schönbrunn" },
  };
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) today = NULL;
  g_autoptr(KolRecord) old = NULL;
  g_autoptr(KolHistory) h = NULL;
  g_autoptr(KolHistory) h_old = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_auto(KolImportReport) report_old = { 0 };
  gsize length;

  if (shared == NULL)
    {
      g_test_skip ("../shared/fixtures is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", "1840-2player.json", NULL);
  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  today = parse (text, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (renames); i++)
    for (int field = 0; field < 2; field++)
      {
        g_autofree char *from = g_strdup_printf ("\"%s\":\"%s\"", field ? "entity" : "company", renames[i][0]);
        g_autofree char *to = g_strdup_printf ("\"%s\":\"%s\"", field ? "entity" : "company", renames[i][1]);
        g_auto(GStrv) parts = g_strsplit (text, from, -1);

        g_free (text);
        text = g_strjoinv (to, parts);
      }
  g_assert_null (strstr (text, "\"company\":\"KK\""));
  old = parse (text, &error);
  g_assert_no_error (error);
  h = kol_record_import (today, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  h_old = kol_record_import (old, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report_old, &error);
  g_assert_no_error (error);
  g_assert_false (report_old.stopped);
  g_assert_cmpuint (report_old.n_processed, ==, report.n_processed);
  g_assert_true (kol_test_games_equal (kol_history_get_game (h), kol_history_get_game (h_old)));
}

typedef struct
{
  int         players;
  const char *options[5];
  gint64      seed;
} RoundTrip;

/* 1849 games of each variant alone and of all four (and
 * Electric Dreams with the two it needs), played by self-play's weighted
 * policy as the importer plays records (compat_18xx_games), exported and
 * imported again: after every action the imported game is the game that
 * was played. */
static const RoundTrip round_trips[] = {
  { 3, { NULL }, 11 },
  { 4, { "delay_ift", NULL }, 12 },
  { 5, { "acquiring_station_tokens", NULL }, 13 },
  { 3, { "bonds", NULL }, 14 },
  { 4, { "acquiring_station_tokens", "bonds", "electric_dreams", NULL }, 15 },
  { 5, { "acquiring_station_tokens", "bonds", "delay_ift", "electric_dreams", NULL }, 16 },
};

/* The state a player sees (kol-state-dump.h) and the step deciding. */
static char *
describe_state (KolEngine *engine)
{
  g_autoptr(JsonNode) dump = kol_state_dump (engine, KOL_STATE_DUMP_TILES);
  g_autofree char *text = json_to_string (dump, FALSE);
  KolStep *step = kol_engine_active_step (engine);

  return g_strdup_printf ("%s %s", step ? step->klass->name : "-", text);
}

static gboolean
same_as_played (KolHistory            *history,
                guint                  seq,
                const KolRecordAction *action,
                gpointer               data)
{
  g_autoptr(KolEngine) played = kol_history_dup_game_at (data, seq, NULL);
  g_autofree char *expected = describe_state (played);
  g_autofree char *actual = describe_state (kol_history_get_game (history));

  if (g_str_equal (expected, actual))
    return TRUE;
  g_test_message ("the imported game differs after action %u:\n%s\n%s", seq, expected, actual);
  return FALSE;
}

static void
test_selfplay_round_trip (gconstpointer data)
{
  const RoundTrip *t = data;
  static const char *const names[] = { "A", "B", "C", "D", "E", NULL };
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "1849", NULL);
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) t->seed);
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolHistory) imported = NULL;
  g_auto(KolImportReport) report = { 0 };
  KolHistory *played;
  guint n;

  for (int i = 0; t->options[i] != NULL; i++)
    g_ptr_array_add (options, (gpointer) t->options[i]);
  g_ptr_array_add (options, (gpointer) "compat_18xx_games");
  g_ptr_array_add (options, NULL);
  game = kol_game_new (dir, t->players, names, (const char * const *) options->pdata, t->seed, &error);
  g_assert_no_error (error);
  for (n = 0; n < 3000 && !kol_game_get_finished (game); n++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (kol_game_apply_action (
        game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game), legal, rand, FALSE)], &error));
      g_assert_no_error (error);
    }
  played = kol_game_get_history (game);
  exported = kol_record_export (played);
  record = kol_record_parse_node (exported, &error);
  g_assert_no_error (error);
  imported = kol_record_import (record, KOL_RECORD_SEED_SETTINGS, NULL, NULL, same_as_played, played, &report,
                                &error);
  g_assert_no_error (error);
  g_assert_false (report.stopped);
  g_assert_cmpuint (kol_history_get_n_actions (imported), ==, kol_history_get_n_actions (played));
  g_test_message ("%u actions, finished: %d", n, kol_game_get_finished (game));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (round_trips); i++)
    {
      g_autofree char *opts = g_strjoinv ("+", (char **) round_trips[i].options);
      g_autofree char *path = g_strdup_printf ("/record-import/selfplay-round-trip/%dp-%s", round_trips[i].players,
                                               opts[0] ? opts : "base");

      g_test_add_data_func (path, &round_trips[i], test_selfplay_round_trip);
    }

  g_test_add_func ("/record-import/filtering", test_filtering);
  g_test_add_func ("/record-import/seeds", test_seeds);
  g_test_add_func ("/record-import/seed-draws", test_seed_draws);
  g_test_add_func ("/record-import/bad-records", test_bad_records);
  g_test_add_func ("/record-import/players-and-result", test_players_and_result);
  g_test_add_func ("/record-import/setup", test_setup);
  g_test_add_func ("/record-import/stop", test_stop);
  g_test_add_func ("/record-import/stop-predates-rules-change", test_stop_predates_rules_change);
  g_test_add_func ("/record-import/export", test_export);
  g_test_add_func ("/record-import/former-company-ids", test_former_company_ids);

  return g_test_run ();
}
