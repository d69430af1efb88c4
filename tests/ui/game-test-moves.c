/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "game-test-moves.h"
#include "kol-game-words.h"
#include "ui-test-utils.h"

/* The panel offers the first of several trains alike (same kind, owner
 * and state; to scrap, the face an owned card was bought at is no matter
 * when the rulebook names the kind alone: 1840's O1 and O2 are both
 * «оранжевый трамвай»), or of certificates alike (same company, size and
 * holder), which is the same move: the move is made with that one. */
static gboolean
same_train (const KolEngine *engine,
            KolActionType    type,
            int              a,
            int              b)
{
  const KolTrain *x = &engine->trains[a], *y = &engine->trains[b];
  g_autofree char *x_name = kol_game_word_train (engine->title, kol_engine_train_name (engine, a));
  g_autofree char *y_name = kol_game_word_train (engine->title, kol_engine_train_name (engine, b));
  gboolean faces = x->variant == y->variant || (type != KOL_ACTION_BUY_TRAIN && g_strcmp0 (x_name, y_name) == 0);

  return x->def == y->def && faces && kol_entity_equal (x->owner, y->owner) &&
         x->obsolete == y->obsolete && x->rusted == y->rusted && x->operated == y->operated;
}

gboolean
kol_test_is_train_choice (const KolAction *a)
{
  return (a->type == KOL_ACTION_BUY_TRAIN || a->type == KOL_ACTION_SCRAP_TRAIN ||
          a->type == KOL_ACTION_DISCARD_TRAIN) && a->train >= 0;
}

static gboolean
same_certs (const KolEngine *engine,
            const KolAction *a,
            const KolAction *b)
{
  if (a->percent != b->percent || a->price != b->price)
    return FALSE;
  if (a->type == KOL_ACTION_SELL_SHARES && a->n_shares > 0 && b->n_shares > 0)
    return engine->certs[a->shares[0]].corp == engine->certs[b->shares[0]].corp;
  if (a->n_shares != b->n_shares)
    return FALSE;
  for (guint i = 0; i < a->n_shares; i++)
    {
      const KolCert *x = &engine->certs[a->shares[i]], *y = &engine->certs[b->shares[i]];

      if (x->corp != y->corp || x->percent != y->percent || x->president != y->president ||
          x->flags != y->flags || !kol_entity_equal (x->owner, y->owner))
        return FALSE;
    }
  return TRUE;
}

static gboolean
alike (const KolEngine *engine,
       const KolAction *a,
       const KolAction *b)
{
  if (a->type != b->type || !kol_entity_equal (a->entity, b->entity))
    return FALSE;
  if (kol_test_is_train_choice (a))
    return b->train >= 0 && g_strcmp0 (a->variant, b->variant) == 0 && same_train (engine, a->type, a->train, b->train);
  if (a->type == KOL_ACTION_BUY_SHARES || a->type == KOL_ACTION_SELL_SHARES)
    return same_certs (engine, a, b);
  return FALSE;
}

KolAction *
kol_test_first_alike (const KolEngine *engine,
             GPtrArray       *legal,
             const KolAction *a)
{
  KolAction *move = kol_action_copy (a);

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *b = g_ptr_array_index (legal, i);

      if (b == a)
        break;  /* the first of its kind */
      if (!alike (engine, a, b))
        continue;
      move->train = b->train;
      move->n_shares = b->n_shares;
      memcpy (move->shares, b->shares, sizeof move->shares);
      break;
    }
  return move;
}

/* The name of the spin button of a choice in a range, as the panel names
 * it ("bid:SCE", "buy_train:4H-0", "dividend:WT"). */
char *
kol_test_spin_name (const KolEngine *engine,
           const KolAction *a)
{
  const char *target = "";
  g_autofree char *train = NULL;

  if (a->company >= 0 && a->company < engine->n_companies)
    target = engine->title->companies[a->company].id;
  else if (a->type == KOL_ACTION_BUY_TRAIN && a->train >= 0 && a->train < engine->n_trains)
    target = train = kol_engine_train_id ((KolEngine *) engine, a->train);
  else if (a->type == KOL_ACTION_DIVIDEND && a->entity.kind == KOL_ENTITY_CORP)
    target = engine->title->corps[a->entity.index].id;
  return g_strdup_printf ("%s:%s", kol_action_type_to_string (a->type), target);
}

/* An action as JSON without what only a record carries. */
char *
kol_test_action_text (JsonNode *node)
{
  JsonObject *o = json_node_get_object (node);
  static const char *const drop[] = { "id", "created_at", "user", "auto_actions" };

  for (guint i = 0; i < G_N_ELEMENTS (drop); i++)
    if (json_object_has_member (o, drop[i]))
      json_object_remove_member (o, drop[i]);
  return json_to_string (node, FALSE);
}

/* Fails the test unless the game's move at @before is now made and is
 * @wanted, the move a person meant to make; @offered (may be NULL) lists
 * what the panel showed, to explain a wrong move. */
void
kol_test_assert_move_made (KolGame        *game,
                           KolActionPanel *panel,
                           guint           before,
                           JsonNode       *wanted,
                           const char     *offered)
{
  g_autofree char *wanted_text = kol_test_action_text (wanted);
  g_autofree char *done_text = NULL;
  g_autoptr(JsonNode) done = NULL;

  if (kol_game_get_position (game) != before + 1)
    g_error ("move %u (%s) was not made: %s", before, wanted_text,
             kol_action_panel_get_error (panel) != NULL ? kol_action_panel_get_error (panel) : "no error");
  done = json_node_copy (kol_history_get_action_json (kol_game_get_history (game), before));
  done_text = kol_test_action_text (done);
  if (g_strcmp0 (done_text, wanted_text) != 0)
    g_error ("move %u: %s made instead of %s%s%s", before, done_text, wanted_text,
             offered != NULL ? "; the panel offered:\n" : "", offered != NULL ? offered : "");
}

/* The panel's button for @a, as a person reads it; NULL if there is none. */
GtkWidget *
kol_test_choice_button (KolActionPanel  *panel,
                        KolGame         *game,
                        const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (game);
  g_autofree char *label = kol_game_describe_action (game, a);
  GtkWidget *button = NULL;

  if (kol_test_is_train_choice (a) && engine->trains[a->train].operated)
    {
      /* a train that ran, beside a twin that did not, says so */
      g_autofree char *ran = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s (has run this turn)"), label);

      button = kol_action_panel_find_button (panel, ran);
    }
  if (a->n_shares > 0 && engine->certs[a->shares[0]].president)
    {
      /* a president's certificate, beside an ordinary one, says so */
      g_autofree char *president = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s — %s"), label,
                                                    kol_game_word (engine->title, KOL_WORD_PRESIDENT));

      button = kol_action_panel_find_button (panel, president);
    }
  if (button == NULL)
    button = kol_action_panel_find_button (panel, label);
  if (button == NULL && a->hex >= 0)
    {
      /* choices worded alike are told apart by their hex */
      g_autofree char *hex = kol_game_word_hex (engine->title, a->hex);
      g_autofree char *twin = g_strdup_printf ("%s — %s", label, hex);

      button = kol_action_panel_find_button (panel, twin);
    }
  return button;
}
